// The JSON engine's files and what of them is in memory: core.json whole, the newest segments whole, and of every
// record in a segment its summary (layout.ts), which is what queries filter and sort on; the rest of a record is
// read from its segment when an answer needs it. head.json's version tells every process which files another has
// changed. Loading, reloading what changed, placing committed records, and writing the changed files durably.
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { LowSync } from 'lowdb';
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
  isSummarised,
  LOADED_SEGMENTS,
  SEGMENT_COLLECTIONS,
  SEGMENT_FILE,
  SEGMENT_MAX_BYTES,
  SEGMENT_MAX_RECORDS,
  segmentName,
  summarise,
  type Core,
  type Head,
  type Segment,
  type Summary,
} from './layout.ts';
import { NO_CAPS, takeTurns, type QueueRecord } from '../queue-order.ts';
import { DueQueue, isDue, isQueue } from './due-queue.ts';
import type { RecordSource } from './queries.ts';
import { OrgTimeline } from './org-timeline.ts';
import { readHead, readHeadVersion } from './head-file.ts';

/** A record in memory: what summarise() keeps of it (null: its id alone), and the file that holds it whole. */
type Entry = { summary: object | null; file: string };

export class Documents implements RecordSource {
  readonly dir: string;
  #core: LowSync<Core>;
  /** Segments whose records are in memory, least recently used first (a Map keeps its insertion order). */
  #loaded = new Map<string, LowSync<Segment>>();
  /** Files changed in memory and not yet written: never let go of before persist(). */
  #unsaved = new Set<string>();
  #index = new Map<Collection, Map<string, Entry>>(COLLECTIONS.map((c) => [c, new Map()]));
  /** Each queue in the order of next attempts: finding the due records costs nothing however many wait or went out. */
  #queues: Record<QueueCollection, DueQueue> = { mail: new DueQueue(), deliveries: new DueQueue() };
  /** Each organisation's requests by time: its hour's found without sorting all of them. */
  #requestTimeline = new OrgTimeline();
  /** Segments are named in order and only ever appended, so the newest is remembered, not sorted for. */
  #lastSegment: string | undefined;
  #head: Head = { version: 0, files: {} };

  private constructor(dir: string) {
    this.dir = dir;
    this.#core = new LowSync(new DurableJSONFile<Core>(join(dir, CORE_FILE)), emptyCore());
  }

  /** Reads every file; throws StoreCorruptError, naming the file, if one does not parse. */
  static async load(dir: string): Promise<Documents> {
    const documents = new Documents(dir);
    documents.#head = readHead(dir);
    documents.#loadCore();
    const names = (await readdir(dir)).filter((name) => SEGMENT_FILE.test(name)).sort();
    // Only the newest are kept whole: the others' records become garbage while still young, cheap to collect.
    names.forEach((name, i) => documents.#loadSegment(name, i >= names.length - LOADED_SEGMENTS));
    return documents;
  }

  get<C extends Collection>(collection: C, id: string): RecordOf<C> | undefined {
    const entry = this.#index.get(collection)!.get(id);
    return entry && this.#whole(collection, id, entry);
  }

  /** Every record's summary; a record kept as its id alone is read whole (only operators' lists ask for those). */
  summaries<C extends Collection>(collection: C): Summary<C>[] {
    return Array.from(
      this.#index.get(collection)!,
      ([id, entry]) => (entry.summary ?? this.#whole(collection, id, entry)) as Summary<C>,
    );
  }

  has(collection: Collection, id: string): boolean {
    return this.#index.get(collection)!.has(id);
  }

  requestCountAfter(orgId: string, after: string): number {
    return this.#requestTimeline.countAfter(orgId, after);
  }

  newestRequestsAfter(orgId: string, after: string, limit: number): Summary<'requests'>[] {
    const index = this.#index.get('requests')!;
    return this.#requestTimeline
      .newestAfter(orgId, after, limit)
      .map((id) => index.get(id)!.summary as Summary<'requests'>);
  }

  #whole<C extends Collection>(collection: C, id: string, entry: Entry): RecordOf<C> | undefined {
    if (!isSummarised(collection)) return entry.summary as RecordOf<C>;
    const records = this.#segment(entry.file).data[collection] as RecordOf<C>[];
    return records.find((record) => record.id === id);
  }

  /** The first `limit` due records in the order senders take them (takeTurns). */
  due<C extends QueueCollection>(collection: C, now: string, limit: number, caps = NO_CAPS): Summary<C>[] {
    const index = this.#index.get(collection)!;
    const found: (Summary<C> & QueueRecord)[] = [];
    // No more than `limit` receivers, and no more than `limit` (or its cap) of each, can be among the first `limit`.
    let receivers = 0;
    for (const [receiver, ids] of this.#queues[collection].receiversDue(now)) {
      if (receivers === limit) break;
      const most = Math.min(limit, caps.get(receiver) ?? limit);
      let taken = 0;
      for (const id of ids) {
        if (taken === most) break;
        const summary = index.get(id)!.summary as Summary<C> & QueueRecord;
        if (!isDue(summary, now)) continue;
        found.push(summary);
        taken++;
      }
      if (taken > 0) receivers++;
    }
    return takeTurns(found, limit, caps);
  }

  /** True when another process has committed since we last loaded: a read of one number at head.json's start. */
  isStale(): boolean {
    return readHeadVersion(this.dir) > this.#head.version;
  }

  /** Reloads the files another process changed since we last looked. */
  reloadChanged(): void {
    if (readHeadVersion(this.dir) === this.#head.version) return;
    const head = readHead(this.dir);
    if (head.version === this.#head.version) return;
    for (const [name, version] of Object.entries(head.files)) {
      if (this.#head.files[name] === version) continue;
      if (name === CORE_FILE) this.#loadCore();
      else if (SEGMENT_FILE.test(name)) this.#loadSegment(name);
    }
    this.#head = head;
  }

  /** After a failed write: memory matches the disk again, and records placed but never written are forgotten. */
  reloadUnsaved(): void {
    const segments = [...this.#unsaved].filter((name) => name !== CORE_FILE);
    this.#unsaved.clear();
    for (const name of segments) {
      const segment = this.#loaded.get(name);
      this.#loaded.delete(name);
      for (const collection of SEGMENT_COLLECTIONS) {
        for (const record of segment?.data[collection] ?? []) this.#unindex(collection, record.id);
      }
    }
    try {
      this.#head = readHead(this.dir);
      this.#loadCore();
      for (const name of segments) this.#loadSegment(name);
    } catch (error) {
      this.#head = { version: 0, files: {} }; // the next reload reads every file
      throw error;
    }
  }

  /** Puts a committed record in place in memory, in the file it must be written to. */
  place<C extends Collection>(collection: C, record: RecordOf<C>): void {
    const existing = this.#index.get(collection)!.get(record.id);
    const file = existing?.file ?? (isCore(collection) ? CORE_FILE : this.#openSegment());
    this.#unsaved.add(file); // first, so that reading the segment in cannot let go of it
    const document = (file === CORE_FILE ? this.#core.data : this.#segment(file).data) as Record<
      string,
      unknown
    >;
    const list = document[collection] as RecordOf<C>[];
    if (existing) list[list.findIndex((item) => item.id === record.id)] = record;
    else list.push(record);
    this.#indexRecord(collection, record, file);
  }

  /** Writes the changed files durably, then bumps head.json's version for the other processes. */
  async persist(): Promise<void> {
    if (this.#unsaved.size === 0) return;
    const version = this.#head.version + 1;
    await writeDurably(
      [...this.#unsaved].map((name) => {
        const db = name === CORE_FILE ? this.#core : this.#loaded.get(name)!;
        return { file: db.adapter as DurableJSONFile<unknown>, data: db.data as unknown };
      }),
    );
    for (const name of this.#unsaved) this.#head.files[name] = version;
    this.#head.version = version;
    this.#unsaved.clear();
    this.#letGo();
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
    this.#index.get(collection)!.set(record.id, { summary: summarise(collection, record), file });
    if (isQueue(collection)) this.#queues[collection].track(record as RecordOf<QueueCollection>);
    if (collection === 'requests') {
      const request = record as RecordOf<'requests'>;
      this.#requestTimeline.add(request.org_id, request);
    }
  }

  #unindex(collection: Collection, id: string): void {
    const summary = this.#index.get(collection)!.get(id)?.summary;
    if (collection === 'requests' && summary) {
      const request = summary as Summary<'requests'>;
      this.#requestTimeline.remove(request.org_id, request);
    }
    this.#index.get(collection)!.delete(id);
    if (isQueue(collection)) this.#queues[collection].remove(id);
  }

  #loadCore(): void {
    this.#core.read();
    this.#core.data = { ...emptyCore(), ...this.#core.data };
    for (const collection of CORE_COLLECTIONS) {
      const index = this.#index.get(collection)!;
      index.clear(); // a record is never removed from core, but a reload must not keep a stale copy either
      for (const record of this.#core.data[collection]) this.#indexRecord(collection, record, CORE_FILE);
    }
  }

  /** Reads a segment from its file, indexes every record in it, and keeps it in memory as the newest used. */
  #loadSegment(name: string, keep = true): LowSync<Segment> {
    const db = new LowSync(new DurableJSONFile<Segment>(join(this.dir, name)), emptySegment());
    db.read();
    db.data = { ...emptySegment(), ...db.data };
    for (const collection of SEGMENT_COLLECTIONS) {
      for (const record of db.data[collection]) this.#indexRecord(collection, record, name);
    }
    if (!this.#lastSegment || name > this.#lastSegment) this.#lastSegment = name;
    if (keep) this.#keep(name, db);
    return db;
  }

  /** A segment's records: in memory, or read from its file (which this process has read before, unchanged since). */
  #segment(name: string): LowSync<Segment> {
    const db = this.#loaded.get(name);
    if (!db) return this.#loadSegment(name);
    this.#keep(name, db);
    return db;
  }

  #keep(name: string, db: LowSync<Segment>): void {
    this.#loaded.delete(name);
    this.#loaded.set(name, db);
    this.#letGo();
  }

  /** Lets go of the least recently used segments beyond LOADED_SEGMENTS, but never the open one or an unsaved one. */
  #letGo(): void {
    for (const name of this.#loaded.keys()) {
      if (this.#loaded.size <= LOADED_SEGMENTS) return;
      if (name !== this.#lastSegment && !this.#unsaved.has(name)) this.#loaded.delete(name);
    }
  }

  /** The segment new records go to: the last one, or a new one once it is full. */
  #openSegment(): string {
    const last = this.#lastSegment;
    if (last) {
      const db = this.#segment(last);
      const records = SEGMENT_COLLECTIONS.reduce((sum, c) => sum + db.data[c].length, 0);
      const bytes = (db.adapter as DurableJSONFile<Segment>).bytes;
      if (records < SEGMENT_MAX_RECORDS && bytes < SEGMENT_MAX_BYTES) return last;
    }
    const name = segmentName(last ? Number(SEGMENT_FILE.exec(last)![1]) + 1 : 1);
    this.#lastSegment = name;
    this.#keep(name, new LowSync(new DurableJSONFile<Segment>(join(this.dir, name)), emptySegment()));
    return name;
  }
}
