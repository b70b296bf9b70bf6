// The desk's board of data requests (contract §13): filtered by status, overdue, organisation, vertical and owner
// (`me`, a staff id, or `none`), newest first (overdue: the longest overdue first), a page at a time, each with its organisation's name.
import { z } from 'zod';
import type { DataRequestRecord } from '../../store/records.ts';
import type { StoreReads } from '../../store/store.ts';
import { DATA_TYPES, REQUEST_STATUSES, VERTICALS, type Vertical } from '../vocabulary.ts';
import { vocabularyTerm } from '../vocabulary-term.ts';
import { orgByName } from './org-by-name.ts';

const PAGE = 50;
/** Store pages read to fill one board page when a vertical filters them: a bound, not a promise of completeness. */
const MAX_READS = 20;

const blankIsNone = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const boardFilterSchema = z.object({
  status: z.preprocess(blankIsNone, vocabularyTerm(REQUEST_STATUSES, 'a status').optional()),
  vertical: z.preprocess(blankIsNone, vocabularyTerm(VERTICALS, 'a vertical').optional()),
  org: z.preprocess(blankIsNone, z.string().max(200).optional()),
  owner: z.preprocess(blankIsNone, z.string().max(80).optional()),
  overdue: z.preprocess((v) => v === 'on' || v === 'true' || v === '1', z.boolean()),
  cursor: z.preprocess(blankIsNone, z.string().max(200).optional()),
});
export type BoardFilter = z.output<typeof boardFilterSchema>;

export type BoardRow = DataRequestRecord & { org_name: string };
export type Board = { rows: BoardRow[]; next: string | null };

const inVertical = (vertical: Vertical) => {
  const types: readonly string[] = DATA_TYPES[vertical];
  return (r: DataRequestRecord) => r.data_types.some((t) => types.includes(t));
};

/** `me`: the staff member reading the board; `none`: requests nobody owns (every lead answers for them). */
export async function requestBoard(
  reads: StoreReads,
  filter: BoardFilter,
  now: Date,
  me: string | null,
): Promise<Board> {
  const org = filter.org ? await orgByName(reads, filter.org) : undefined;
  const owner = filter.owner === 'me' ? me : filter.owner;
  const owned = (r: DataRequestRecord) => !owner || (owner === 'none' ? !r.owner_id : r.owner_id === owner);
  const fits = (r: DataRequestRecord) =>
    (!org || r.org_id === org.id) &&
    owned(r) &&
    (!filter.status || r.status === filter.status) &&
    (!filter.vertical || inVertical(filter.vertical)(r));
  let rows: DataRequestRecord[] = [];
  let next: string | null = null;
  if (filter.overdue) {
    rows = (await reads.overdueRequests(now)).filter(fits).slice(0, PAGE * 4);
  } else {
    let cursor = filter.cursor;
    for (let read = 0; read < MAX_READS && rows.length < PAGE; read++) {
      const page = await reads.requests({ orgId: org?.id, status: filter.status, cursor, limit: PAGE });
      rows.push(...page.items.filter(fits));
      next = page.next;
      if (!next) break;
      cursor = next;
    }
  }
  const names = new Map((await reads.orgs()).map((o) => [o.id, o.name]));
  return { rows: rows.map((r) => ({ ...r, org_name: names.get(r.org_id) ?? r.org_id })), next };
}
