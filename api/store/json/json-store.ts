// The JSON-file store (lowdb documents in DATA_DIR/db), shared by the server, the CLI and the site's on-demand page.
//
// How it keeps its promises:
// - Many writers, no lost writes: every commit holds a lock file (proper-lockfile) across processes, first
//   reloads whatever another process committed, then applies its transactions and writes.
// - Readers see others' writes at once: each commit bumps a version in head.json; refresh() compares it and
//   reloads only the files that changed.
// - Durable before acknowledged: each file is written to a spare copy, fsynced and renamed, then the directory is
//   fsynced; transact() resolves only after that. A kill -9 leaves every file whole (old or new, never half).
// - Bounded write cost: growing collections live in segments of at most SEGMENT_MAX_RECORDS records or
//   SEGMENT_MAX_BYTES; a write rewrites one segment, never the whole history. Transactions that arrive while a
//   commit is on disk are committed together in the next one (group commit).
// - Never reset: a file that does not parse stops open() with a message naming it.
import { constants, readFileSync } from 'node:fs';
import { access, mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import lockfile from 'proper-lockfile';
import { DurableJSONFile, isLeftover, replaceFile, writeDurably } from './durable-json-file.ts';
import {
  COLLECTIONS,
  emptyCore,
  emptySegment,
  isUndelivered,
  type Collection,
  type Core,
  type MailRecord,
  type RecordOf,
  type Segment,
} from '../records.ts';

export { StoreCorruptError } from './durable-json-file.ts';

const CORE_FILE = 'core.json';
const HEAD_FILE = 'head.json';
const LOCK_FILE = 'write.lock';
const SEGMENT_FILE = /^seg-(\d{6})\.json$/;
export const SEGMENT_MAX_RECORDS = 500;
export const SEGMENT_MAX_BYTES = 128 * 1024;
const LOCK_HOLD_MS = 100;

type Head = { version: number; files: Record<string, number> };
type Entry<C extends Collection> = { record: RecordOf<C>; segment: string };
type Index = { [C in Collection]: Map<string, Entry<C>> };

/** What a transaction sees and changes. Changes take effect only if the function returns without throwing. */
export type Tx = {
  readonly core: Readonly<Core>;
  changeCore(change: (draft: Core) => void): void;
  get<C extends Collection>(collection: C, id: string): RecordOf<C> | undefined;
  all<C extends Collection>(collection: C): RecordOf<C>[];
  /** Mail queued or being sent: kept apart, so finding it costs nothing however much mail has gone out. */
  undeliveredMail(): MailRecord[];
  insert<C extends Collection>(collection: C, record: RecordOf<C>): void;
  update<C extends Collection>(collection: C, id: string, patch: Partial<RecordOf<C>>): RecordOf<C>;
};

/** A read-only view of the store as last refreshed. */
export type View = Pick<Tx, 'core' | 'get' | 'all' | 'undeliveredMail'>;

type Pending = {
  run: (tx: Tx) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export class Store implements View {
  readonly dir: string;
  private coreDb: Low<Core>;
  private segments = new Map<string, Low<Segment>>();
  private index = Object.fromEntries(COLLECTIONS.map((c) => [c, new Map()])) as Index;
  private undelivered = new Set<string>();
  /** Segments are named in order and only ever appended, so the newest is remembered, not sorted for. */
  private lastSegment: string | undefined;
  private head: Head = { version: 0, files: {} };
  private queue: Pending[] = [];
  private draining: Promise<void> | undefined;
  private exclusiveChain: Promise<unknown> = Promise.resolve();
  private leftoversRemoved = false;

  private constructor(dir: string) {
    this.dir = dir;
    this.coreDb = new Low(new DurableJSONFile<Core>(join(dir, CORE_FILE)), emptyCore());
  }

  /** Opens (or creates) the store in `dataDir/db`; throws StoreCorruptError, naming the file, if one is broken. */
  static async open(dataDir: string): Promise<Store> {
    const store = new Store(join(dataDir, 'db'));
    await mkdir(store.dir, { recursive: true, mode: 0o700 });
    store.head = store.readHead();
    await store.coreDb.read();
    const names = (await readdir(store.dir)).filter((name) => SEGMENT_FILE.test(name)).sort();
    for (const name of names) await store.loadSegment(name);
    return store;
  }

  get core(): Readonly<Core> {
    return this.coreDb.data;
  }

  get<C extends Collection>(collection: C, id: string): RecordOf<C> | undefined {
    return this.index[collection].get(id)?.record;
  }

  all<C extends Collection>(collection: C): RecordOf<C>[] {
    return Array.from(this.index[collection].values(), (entry) => entry.record);
  }

  undeliveredMail(): MailRecord[] {
    return Array.from(this.undelivered, (id) => this.index.mail.get(id)!.record);
  }

  /** Every record placed in memory passes here: keeps the undelivered-mail set in step. */
  private indexRecord<C extends Collection>(collection: C, record: RecordOf<C>, segment: string): void {
    (this.index[collection] as Map<string, Entry<C>>).set(record.id, { record, segment });
    if (collection !== 'mail') return;
    if (isUndelivered(record as MailRecord)) this.undelivered.add(record.id);
    else this.undelivered.delete(record.id);
  }

  /**
   * Brings this instance up to date with every commit made by any process. Cheap when nothing changed: the
   * version check runs outside the critical section, so a reader never waits behind a commit to learn that
   * nothing new happened (our own commits update the version they compare against).
   */
  async refresh(): Promise<void> {
    if (this.readHeadVersion() <= this.head.version) return;
    await this.exclusive(() => this.reloadChanged());
  }

  /** For GET /api/v1/health: the store reads and its directory is writable. */
  async healthy(): Promise<boolean> {
    try {
      await this.refresh();
      await access(this.dir, constants.R_OK | constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }

  /** Runs `run` in a transaction and resolves with its result once the change is on disk (fsynced). */
  transact<T>(run: (tx: Tx) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      // Wait a turn so that transactions arriving together are committed together.
      this.draining ??= new Promise<void>((done) => setImmediate(done)).then(() => this.drain());
    });
  }

  /** Waits until every transaction asked for so far is on disk. */
  async close(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.exclusive(() => this.writeSession());
    } finally {
      this.draining = undefined;
    }
  }

  /** One in-process critical section at a time: reloads and commits must never interleave. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.exclusiveChain.then(fn, fn);
    this.exclusiveChain = run.catch(() => {});
    return run;
  }

  /**
   * Commits back to back under one hold of the cross-process lock, for at most LOCK_HOLD_MS, then lets other
   * processes have a turn. Taking and releasing the lock is a mkdir and an rmdir, a directory made and freed (see
   * durable-json-file.ts for what a freed inode costs here): per commit, at 500 writes/s, they took 826 ms of an
   * 8 s CPU profile. Nobody else can commit while we hold the lock, so others' changes are reloaded once, first.
   */
  private async writeSession(): Promise<void> {
    let release: () => unknown;
    try {
      release = await this.lock();
    } catch (error) {
      for (const pending of this.queue.splice(0)) pending.reject(error);
      return;
    }
    const until = performance.now() + LOCK_HOLD_MS;
    try {
      await this.reloadChanged();
      if (!this.leftoversRemoved) await this.removeLeftovers();
      do await this.commit(this.queue.splice(0));
      while (this.queue.length > 0 && performance.now() < until);
    } catch (error) {
      // Others' changes could not be read: nothing may be committed on top of a view we cannot trust.
      for (const pending of this.queue.splice(0)) pending.reject(error);
    } finally {
      try {
        await release();
      } catch {
        // a lock already gone (taken over as stale) has nothing left to release
      }
    }
  }

  /** Applies a batch and writes it; each transaction is settled, and memory matches the disk afterwards. */
  private async commit(batch: Pending[]): Promise<void> {
    const applied: [Pending, unknown][] = [];
    try {
      const dirty = new Set<string>();
      for (const pending of batch) {
        const tx = new Transaction(this);
        try {
          const result = pending.run(tx);
          tx.applyTo(dirty);
          applied.push([pending, result]);
        } catch (error) {
          pending.reject(error); // its changes were only buffered: nothing to undo
        }
      }
      if (dirty.size > 0) await this.persist(dirty);
      for (const [pending, result] of applied) pending.resolve(result);
    } catch (error) {
      // Nothing of this batch is acknowledged; make memory match the disk again.
      for (const [pending] of applied) pending.reject(error);
      await this.reloadAll().catch(() => {});
    }
  }

  /**
   * The cross-process lock. Uncontended (nearly always), taking it is one mkdir, done synchronously: an await
   * costs a turn of a busy event loop. Only when another process holds it do we wait, asynchronously.
   */
  private async lock(): Promise<() => unknown> {
    const options = {
      lockfilePath: join(this.dir, LOCK_FILE),
      realpath: false,
      stale: 5000,
      // A lock we lost (e.g. the machine stalled past `stale`) is reported by the failing write, not a crash.
      onCompromised: () => {},
    };
    try {
      return lockfile.lockSync(this.dir, options);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      return lockfile.lock(this.dir, {
        ...options,
        retries: { retries: 2000, minTimeout: 1, maxTimeout: 25, factor: 1.2 },
      });
    }
  }

  private async persist(dirty: Set<string>): Promise<void> {
    const version = this.head.version + 1;
    await writeDurably(
      [...dirty].map((name) => {
        const db = name === CORE_FILE ? this.coreDb : this.segments.get(name)!;
        return { file: db.adapter as DurableJSONFile<unknown>, data: db.data as unknown };
      }),
    );
    const files = { ...this.head.files };
    for (const name of dirty) files[name] = version;
    this.head = { version, files };
    // head.json is only a change signal for other processes: renamed into place, but not worth an fsync.
    // The version comes first, so that readHeadVersion can read it without parsing the list of files.
    replaceFile(join(this.dir, HEAD_FILE), JSON.stringify(this.head));
  }

  // head.json is a few kB, in the page cache: read synchronously, as an await would cost more than the read.
  private readHead(): Head {
    try {
      const head = JSON.parse(readFileSync(join(this.dir, HEAD_FILE), 'utf8')) as Head;
      return typeof head.version === 'number' && head.files ? head : { version: 0, files: {} };
    } catch {
      return { version: 0, files: {} }; // a missing or torn head only means "reload everything next time"
    }
  }

  /**
   * Only the version, for the check made on every keyed request: parsing the whole head (one entry per file, 7 kB
   * at 100,000 requests) cost 0.1 ms; reading the number at its start costs a tenth of that.
   */
  private readHeadVersion(): number {
    try {
      const start = /^\{"version":(\d+),/.exec(readFileSync(join(this.dir, HEAD_FILE), 'utf8'));
      return start ? Number(start[1]) : this.readHead().version;
    } catch {
      return 0;
    }
  }

  private async reloadChanged(): Promise<void> {
    if (this.readHeadVersion() === this.head.version) return;
    const head = this.readHead();
    if (head.version === this.head.version) return;
    for (const [name, version] of Object.entries(head.files)) {
      if (this.head.files[name] === version) continue;
      if (name === CORE_FILE) await this.coreDb.read();
      else if (SEGMENT_FILE.test(name)) await this.loadSegment(name);
    }
    this.head = head;
  }

  private async reloadAll(): Promise<void> {
    this.head = this.readHead();
    await this.coreDb.read();
    for (const name of this.segments.keys()) await this.loadSegment(name);
  }

  private async loadSegment(name: string): Promise<void> {
    let db = this.segments.get(name);
    if (!db) {
      db = new Low(new DurableJSONFile<Segment>(join(this.dir, name)), emptySegment());
      this.segments.set(name, db);
    }
    await db.read();
    db.data = { ...emptySegment(), ...db.data };
    for (const collection of COLLECTIONS) {
      for (const record of db.data[collection]) this.indexRecord(collection, record, name);
    }
    if (!this.lastSegment || name > this.lastSegment) this.lastSegment = name;
  }

  private async removeLeftovers(): Promise<void> {
    // Spares of processes gone (or not: they make new ones), and what a killed write left. Safe to remove
    // while we hold the lock, since a process touches its spares only while it holds the lock.
    for (const name of await readdir(this.dir)) {
      if (isLeftover(name)) await unlink(join(this.dir, name)).catch(() => {});
    }
    this.leftoversRemoved = true;
  }

  /** The segment new records go to: the last one, or a new one once it is full. */
  openSegment(): { name: string; data: Segment } {
    const last = this.lastSegment;
    if (last) {
      const db = this.segments.get(last)!;
      const records = COLLECTIONS.reduce((sum, c) => sum + db.data[c].length, 0);
      const bytes = (db.adapter as DurableJSONFile<Segment>).bytes;
      if (records < SEGMENT_MAX_RECORDS && bytes < SEGMENT_MAX_BYTES) return { name: last, data: db.data };
    }
    const next = last ? Number(SEGMENT_FILE.exec(last)![1]) + 1 : 1;
    const name = `seg-${String(next).padStart(6, '0')}.json`;
    const db = new Low(new DurableJSONFile<Segment>(join(this.dir, name)), emptySegment());
    this.segments.set(name, db);
    this.lastSegment = name;
    return { name, data: db.data };
  }

  /** Used by Transaction.applyTo: puts a committed record in place in memory and names the file to write. */
  place<C extends Collection>(collection: C, record: RecordOf<C>, dirty: Set<string>): void {
    const existing = (this.index[collection] as Map<string, Entry<C>>).get(record.id);
    if (existing) {
      const list = this.segments.get(existing.segment)!.data[collection] as RecordOf<C>[];
      list[list.findIndex((item) => item.id === record.id)] = record;
      this.indexRecord(collection, record, existing.segment);
      dirty.add(existing.segment);
    } else {
      const segment = this.openSegment();
      (segment.data[collection] as RecordOf<C>[]).push(record);
      this.indexRecord(collection, record, segment.name);
      dirty.add(segment.name);
    }
  }

  replaceCore(core: Core, dirty: Set<string>): void {
    this.coreDb.data = core;
    dirty.add(CORE_FILE);
  }
}

/** Buffers one transaction's changes so that a throw leaves the store untouched. */
class Transaction implements Tx {
  private readonly store: Store;
  private draftCore: Core | undefined;
  private readonly changes = new Map<string, { collection: Collection; record: RecordOf<Collection> }>();

  constructor(store: Store) {
    this.store = store;
  }

  get core(): Readonly<Core> {
    return this.draftCore ?? this.store.core;
  }

  changeCore(change: (draft: Core) => void): void {
    this.draftCore ??= structuredClone(this.store.core) as Core;
    change(this.draftCore);
  }

  get<C extends Collection>(collection: C, id: string): RecordOf<C> | undefined {
    const changed = this.changes.get(`${collection}\0${id}`);
    return (changed?.record as RecordOf<C> | undefined) ?? this.store.get(collection, id);
  }

  all<C extends Collection>(collection: C): RecordOf<C>[] {
    const own = [...this.changes.values()].filter((change) => change.collection === collection);
    if (own.length === 0) return this.store.all(collection);
    const records = new Map(this.store.all(collection).map((record) => [record.id, record]));
    for (const change of own) records.set(change.record.id, change.record as RecordOf<C>);
    return [...records.values()];
  }

  undeliveredMail(): MailRecord[] {
    const records = new Map(this.store.undeliveredMail().map((mail) => [mail.id, mail]));
    for (const { collection, record } of this.changes.values()) {
      if (collection !== 'mail') continue;
      if (isUndelivered(record as MailRecord)) records.set(record.id, record as MailRecord);
      else records.delete(record.id);
    }
    return [...records.values()];
  }

  insert<C extends Collection>(collection: C, record: RecordOf<C>): void {
    if (this.get(collection, record.id)) throw new Error(`${collection} already holds ${record.id}`);
    this.changes.set(`${collection}\0${record.id}`, { collection, record });
  }

  update<C extends Collection>(collection: C, id: string, patch: Partial<RecordOf<C>>): RecordOf<C> {
    const current = this.get(collection, id);
    if (!current) throw new Error(`${collection} holds no ${id}`);
    const record = { ...current, ...patch, id } as RecordOf<C>;
    this.changes.set(`${collection}\0${id}`, { collection, record });
    return record;
  }

  applyTo(dirty: Set<string>): void {
    if (this.draftCore) this.store.replaceCore(this.draftCore, dirty);
    for (const { collection, record } of this.changes.values()) this.store.place(collection, record, dirty);
  }
}
