// The JSON-file store (lowdb documents in DATA_DIR/db), shared by the server, the CLI and the site's on-demand
// pages, in one process or several.
//
// How it keeps its promises:
// - Many writers, no lost writes: every commit holds a lock file across processes (lock.ts), first reloads what
//   another process committed, then applies its transactions and writes.
// - Readers see others' writes at once: each commit bumps a version in head.json; every read compares it and
//   reloads only the files that changed.
// - Durable before acknowledged: each file is written to a spare copy, fsynced and renamed, then the directory is
//   fsynced (durable-json-file.ts); transact() resolves only after that. A kill -9 leaves every file whole.
// - Bounded write cost: growing collections live in segments of bounded size (layout.ts); a write rewrites one
//   segment, never the whole history. Transactions that arrive while a commit is on disk are committed together
//   in the next one (group commit), and commits queued behind each other share one hold of the lock.
// - Never reset: a file that does not parse stops open() with a message naming it.
import { constants } from 'node:fs';
import { access, mkdir, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { StoreUnavailableError } from '../store-errors.ts';
import type { Store, Tx } from '../store.ts';
import { Documents } from './documents.ts';
import { lockState, lockStore, type Release } from './lock.ts';
import { Queries } from './desk-queries.ts';
import { JsonTransaction } from './transaction.ts';

/** Commits queued behind each other share one hold of the lock for at most this long, then others get a turn. */
const LOCK_HOLD_MS = 100;
/** Below this much free space a commit may not fit (a segment is at most 128 KiB, core.json a few): unhealthy. */
const MIN_FREE_BYTES = 4 * 1024 * 1024;

type Pending = {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export class JsonStore extends Queries implements Store {
  readonly location: string;
  readonly #documents: Documents;
  #queue: Pending[] = [];
  #draining: Promise<void> | undefined;
  /** Reloads and commits in this process run one at a time: they must never interleave. */
  #exclusive: Promise<unknown> = Promise.resolve();
  #leftoversRemoved = false;

  private constructor(documents: Documents) {
    super(documents, () => this.#refresh());
    this.#documents = documents;
    this.location = `DATA_DIR ${join(documents.dir, '..')}`;
  }

  /** Opens (or creates) the store in `dataDir/db`; throws StoreCorruptError, naming the file, if one is broken. */
  static async open(dataDir: string): Promise<JsonStore> {
    const dir = join(dataDir, 'db');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return new JsonStore(await Documents.load(dir));
  }

  transact<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // Wait a turn so that transactions arriving together are committed together.
      this.#draining ??= new Promise<void>((done) => setImmediate(done)).then(() => this.#drain());
    });
  }

  /** What a writer would meet now: files readable, the folder writable with room left, the lock not stuck. */
  async healthy(): Promise<boolean> {
    const { dir } = this.#documents;
    try {
      await this.#refresh();
      await access(dir, constants.R_OK | constants.W_OK);
      const space = await statfs(dir);
      return space.bavail * space.bsize >= MIN_FREE_BYTES && lockState(dir) !== 'stuck';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  /**
   * Brings memory up to date with every commit made by any process. The version check runs outside the critical
   * section, so a reader never waits behind a commit to learn that nothing new happened.
   */
  async #refresh(): Promise<void> {
    if (!this.#documents.isStale()) return;
    await this.#inTurn(async () => this.#documents.reloadChanged());
  }

  #inTurn<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#exclusive.then(fn, fn);
    this.#exclusive = run.catch(() => {});
    return run;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#inTurn(() => this.#writeSession());
    } finally {
      this.#draining = undefined;
    }
  }

  /**
   * Commits back to back under one hold of the cross-process lock. Nobody else can commit while we hold it, so
   * others' changes are reloaded once, first.
   */
  async #writeSession(): Promise<void> {
    let release: Release;
    try {
      release = await lockStore(this.#documents.dir);
    } catch (error) {
      for (const pending of this.#queue.splice(0)) pending.reject(error);
      return;
    }
    const until = performance.now() + LOCK_HOLD_MS;
    try {
      this.#documents.reloadChanged();
      if (!this.#leftoversRemoved) {
        await this.#documents.removeLeftovers();
        this.#leftoversRemoved = true;
      }
      do await this.#commit(this.#queue.splice(0));
      while (this.#queue.length > 0 && performance.now() < until);
    } catch (error) {
      // Others' changes could not be read: nothing may be committed on top of a view we cannot trust.
      for (const pending of this.#queue.splice(0)) pending.reject(error);
    } finally {
      try {
        await release();
      } catch {
        // a lock already gone (taken over as stale) has nothing left to release
      }
    }
  }

  /** Runs a batch one transaction after another and writes it; each is settled, and memory matches the disk. */
  async #commit(batch: Pending[]): Promise<void> {
    const applied: [Pending, unknown][] = [];
    try {
      for (const pending of batch) {
        const tx = new JsonTransaction(this.#documents);
        try {
          const result = await pending.work(tx);
          tx.applyTo(this.#documents);
          applied.push([pending, result]);
        } catch (error) {
          pending.reject(error); // its changes were only buffered: nothing to undo
        }
      }
      await this.#documents.persist();
      for (const [pending, result] of applied) pending.resolve(result);
    } catch (error) {
      // Nothing of this batch is acknowledged; make memory match the disk again. A write the disk refused
      // (read-only, full) may succeed later: the caller is told so (503), not that we broke (500).
      const refused = new StoreUnavailableError(`its files cannot be written (${errnoOf(error)})`, 5, {
        cause: error,
      });
      for (const [pending] of applied) pending.reject(refused);
      try {
        this.#documents.reloadUnsaved();
      } catch {
        // unreadable now too: the next commit's reload tries again
      }
    }
  }
}

const errnoOf = (error: unknown) =>
  (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
