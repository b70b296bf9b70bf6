// A lowdb adapter that survives kill -9 and power loss: write a temp file, fsync it, rename it over the old one.
// (lowdb's own JSONFile renames but never fsyncs.) The directory is fsynced once per commit by the store.
import { open, readFile, rename, unlink } from 'node:fs/promises';
import type { Adapter } from 'lowdb';

export class StoreCorruptError extends Error {
  override name = 'StoreCorruptError';
}

export class DurableJSONFile<T> implements Adapter<T> {
  readonly path: string;
  /** Bytes of the last read or written text: lets the store bound a file's write cost. */
  bytes = 0;

  constructor(path: string) {
    this.path = path;
  }

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    this.bytes = text.length;
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new StoreCorruptError(
        `${this.path} is not valid JSON (${(error as Error).message}). The store was left as it is: ` +
          'restore this file from a backup or repair it, then start again.',
      );
    }
  }

  async write(data: T): Promise<void> {
    const text = JSON.stringify(data);
    const temp = `${this.path}.${process.pid}.tmp`;
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.path);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
    this.bytes = text.length;
  }
}
