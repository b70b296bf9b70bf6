// The JSON engine's files and their copy in memory: core.json, the segments, and head.json, whose version tells
// every process which files another has changed. Loading, reloading what changed, placing committed records,
// and writing the changed files durably.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import type { Collection, QueueCollection, RecordOf } from '../store.ts';
import { DurableJSONFile, isLeftover, replaceFile, writeDurably } from './durable-json-file.ts';
import {
  COLLECTIONS,
  CORE_COLLECTIONS,
  CORE_FILE,
  emptyCore,
  emptySegment,
  HEAD_FILE,
  isCore,
  SEGMENT_COLLECTIONS,
  SEGMENT_FILE,
  SEGMENT_MAX_BYTES,
  SEGMENT_MAX_RECORDS,
  segmentName,
  type Core,
  type Head,
  type Segment,
} from './layout.ts';
import { inQueue, isQueue, type RecordSource } from './queries.ts';

type Entry = { record: RecordOf<Collection>; file: string };

export class Documents implements RecordSource {
  readonly dir: string;
  #core: Low<Core>;
  #segments = new Map<string, Low<Segment>>();
  #index = new Map<Collection, Map<string, Entry>>(COLLECTIONS.map((c) => [c, new Map()]));
  /** The ids in each queue (mail, webhook deliveries): finding the due ones costs nothing however many went out. */
  #queues: Record<QueueCollection, Set<string>> = { mail: new Set(), deliveries: new Set() };
  /** Segments are named in order and only ever appended, so the newest is remembered, not sorted for. */
  #lastSegment: string | undefined;
  #head: Head = { version: 0, files: {} };
  readonly #headStart = Buffer.alloc(32);

  private constructor(dir: string) {
    this.dir = dir;
    this.#core = new Low(new DurableJSONFile<Core>(join(dir, CORE_FILE)), emptyCore());
  }

  /** Reads every file; throws StoreCorruptError, naming the file, if one does not parse. */
  static async load(dir: string): Promise<Documents> {
    const documents = new Documents(dir);
    documents.#head = documents.#readHead();
    await documents.#loadCore();
    const names = (await readdir(dir)).filter((name) => SEGMENT_FILE.test(name)).sort();
    for (const name of names) await documents.#loadSegment(name);
    return documents;
  }

  get<C extends Collection>(collection: C, id: string): RecordOf<C> | undefined {
    return this.#index.get(collection)!.get(id)?.record as RecordOf<C> | undefined;
  }

  all<C extends Collection>(collection: C): RecordOf<C>[] {
    return Array.from(this.#index.get(collection)!.values(), (entry) => entry.record as RecordOf<C>);
  }

  queued<C extends QueueCollection>(collection: C): RecordOf<C>[] {
    return Array.from(this.#queues[collection], (id) => this.get(collection, id)!);
  }

  /** True when another process has committed since we last loaded: a read of one number at head.json's start. */
  isStale(): boolean {
    return this.#readHeadVersion() > this.#head.version;
  }

  /** Reloads the files another process changed since we last looked. */
  async reloadChanged(): Promise<void> {
    if (this.#readHeadVersion() === this.#head.version) return;
    const head = this.#readHead();
    if (head.version === this.#head.version) return;
    for (const [name, version] of Object.entries(head.files)) {
      if (this.#head.files[name] === version) continue;
      if (name === CORE_FILE) await this.#loadCore();
      else if (SEGMENT_FILE.test(name)) await this.#loadSegment(name);
    }
    this.#head = head;
  }

  /** After a failed write: memory matches the disk again. */
  async reloadAll(): Promise<void> {
    this.#head = this.#readHead();
    await this.#loadCore();
    for (const name of this.#segments.keys()) await this.#loadSegment(name);
  }

  /** Puts a committed record in place in memory and names the file it must be written to. */
  place<C extends Collection>(collection: C, record: RecordOf<C>, dirty: Set<string>): void {
    const existing = this.#index.get(collection)!.get(record.id);
    const file = existing?.file ?? (isCore(collection) ? CORE_FILE : this.#openSegment());
    const document = (file === CORE_FILE ? this.#core.data : this.#segments.get(file)!.data) as Record<
      string,
      unknown
    >;
    const list = document[collection] as RecordOf<C>[];
    if (existing) list[list.findIndex((item) => item.id === record.id)] = record;
    else list.push(record);
    this.#indexRecord(collection, record, file);
    dirty.add(file);
  }

  /** Writes the changed files durably, then bumps head.json's version for the other processes. */
  async persist(dirty: Set<string>): Promise<void> {
    const version = this.#head.version + 1;
    await writeDurably(
      [...dirty].map((name) => {
        const db = name === CORE_FILE ? this.#core : this.#segments.get(name)!;
        return { file: db.adapter as DurableJSONFile<unknown>, data: db.data as unknown };
      }),
    );
    const files = { ...this.#head.files };
    for (const name of dirty) files[name] = version;
    this.#head = { version, files };
    // head.json is only a change signal for other processes: renamed into place, but not worth an fsync.
    replaceFile(join(this.dir, HEAD_FILE), JSON.stringify(this.#head));
  }

  /**
   * Spares of processes gone (or not: they make new ones), and what a killed write left. Safe while we hold the
   * lock, since a process touches its spares only while it holds the lock.
   */
  async removeLeftovers(): Promise<void> {
    for (const name of await readdir(this.dir)) {
      if (isLeftover(name)) await unlink(join(this.dir, name)).catch(() => {});
    }
  }

  #indexRecord(collection: Collection, record: RecordOf<Collection>, file: string): void {
    this.#index.get(collection)!.set(record.id, { record, file });
    if (!isQueue(collection)) return;
    if (inQueue(record as RecordOf<QueueCollection>)) this.#queues[collection].add(record.id);
    else this.#queues[collection].delete(record.id);
  }

  async #loadCore(): Promise<void> {
    await this.#core.read();
    this.#core.data = { ...emptyCore(), ...this.#core.data };
    for (const collection of CORE_COLLECTIONS) {
      const index = this.#index.get(collection)!;
      index.clear(); // a record is never removed from core, but a reload must not keep a stale copy either
      for (const record of this.#core.data[collection]) this.#indexRecord(collection, record, CORE_FILE);
    }
  }

  async #loadSegment(name: string): Promise<void> {
    let db = this.#segments.get(name);
    if (!db) {
      db = new Low(new DurableJSONFile<Segment>(join(this.dir, name)), emptySegment());
      this.#segments.set(name, db);
    }
    await db.read();
    db.data = { ...emptySegment(), ...db.data };
    for (const collection of SEGMENT_COLLECTIONS) {
      for (const record of db.data[collection]) this.#indexRecord(collection, record, name);
    }
    if (!this.#lastSegment || name > this.#lastSegment) this.#lastSegment = name;
  }

  /** The segment new records go to: the last one, or a new one once it is full. */
  #openSegment(): string {
    const last = this.#lastSegment;
    if (last) {
      const db = this.#segments.get(last)!;
      const records = SEGMENT_COLLECTIONS.reduce((sum, c) => sum + db.data[c].length, 0);
      const bytes = (db.adapter as DurableJSONFile<Segment>).bytes;
      if (records < SEGMENT_MAX_RECORDS && bytes < SEGMENT_MAX_BYTES) return last;
    }
    const name = segmentName(last ? Number(SEGMENT_FILE.exec(last)![1]) + 1 : 1);
    this.#segments.set(name, new Low(new DurableJSONFile<Segment>(join(this.dir, name)), emptySegment()));
    this.#lastSegment = name;
    return name;
  }

  // head.json is a few kB, in the page cache: read synchronously, as an await would cost more than the read.
  #readHead(): Head {
    try {
      const head = JSON.parse(readFileSync(join(this.dir, HEAD_FILE), 'utf8')) as Head;
      return typeof head.version === 'number' && head.files ? head : { version: 0, files: {} };
    } catch {
      return { version: 0, files: {} }; // a missing or torn head only means "reload everything next time"
    }
  }

  /**
   * Only the version, for the check made before every read: the head's first bytes, not the whole file (which
   * names every segment: 11 KB at 100,000 stored requests, read and dropped several times per write).
   */
  #readHeadVersion(): number {
    let fd: number;
    try {
      fd = openSync(join(this.dir, HEAD_FILE), 'r');
    } catch {
      return 0;
    }
    try {
      const bytes = readSync(fd, this.#headStart, 0, this.#headStart.length, 0);
      const start = /^\{"version":(\d+),/.exec(this.#headStart.toString('latin1', 0, bytes));
      return start ? Number(start[1]) : this.#readHead().version;
    } catch {
      return 0;
    } finally {
      closeSync(fd);
    }
  }
}
