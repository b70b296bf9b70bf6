// `ops store copy --to postgres://…`: every record of one store into another, empty one (an operator who outgrows
// one machine moves from the JSON files to PostgreSQL without losing a record), then checked by counts and by
// comparing a sample of records whole.
import { isDeepStrictEqual } from 'node:util';
import { conflict } from '../errors.ts';
import type { Collection, RecordOf, Store } from './store.ts';

/** In the order the target's foreign keys need: an organisation before its accounts, an account before its keys. */
const ORDER: Collection[] = [
  'orgs',
  'accounts',
  'keys',
  'requests',
  'demand',
  'samples',
  'idempotency',
  'audit',
  'mail',
  'webhooks',
  'deliveries',
  'sessions',
  'signin_tokens',
  'access_requests',
  'nda_acceptances',
  'staff',
  'desk_links',
  'desk_sessions',
  'saved_replies',
  'recalls',
  'recall_acknowledgements',
];
const BATCH = 500;
const SPOT_CHECKS = 20;

export type CopyReport = Record<Collection, number>;

/** How a collection's records change on the way (webhook secrets sealed again under the target's key). */
export type Rewrites = { [C in Collection]?: (record: RecordOf<C>) => RecordOf<C> };

export async function copyStore(from: Store, to: Store, rewrites: Rewrites = {}): Promise<CopyReport> {
  for (const collection of ORDER) {
    if ((await to.allRecords(collection)).length > 0) {
      throw conflict(
        `${to.location} is not empty (it holds ${collection}): copy only into an empty database.`,
      );
    }
  }
  const report = {} as CopyReport;
  for (const collection of ORDER) {
    const rewrite = (rewrites[collection] ?? ((record) => record)) as (
      record: unknown,
    ) => RecordOf<Collection>;
    const records = (await from.allRecords(collection)).map(rewrite);
    for (let start = 0; start < records.length; start += BATCH) {
      const batch = records.slice(start, start + BATCH);
      await to.transact(async (tx) => {
        for (const record of batch) await tx.insert(collection, record);
      });
    }
    const copied = await to.allRecords(collection);
    if (copied.length !== records.length) {
      throw new Error(`${collection}: ${records.length} records read, ${copied.length} in the target`);
    }
    const byId = new Map(copied.map((record) => [record.id, record]));
    for (let i = 0; i < Math.min(SPOT_CHECKS, records.length); i++) {
      const record = records[Math.floor(Math.random() * records.length)]!;
      if (!isDeepStrictEqual(byId.get(record.id), record))
        throw new Error(`${collection} ${record.id} differs in the target`);
    }
    report[collection] = records.length;
  }
  return report;
}
