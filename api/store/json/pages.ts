// Pages of records newest first, and the opaque cursor that names where the next page starts (the record's time and
// id, so records made in the same millisecond are neither skipped nor repeated).
import type { Page, PageQuery } from '../store.ts';

type Dated = { id: string; created_at: string };

/** Newest first; records made in the same millisecond by id, so that pages never skip or repeat one. */
export function newestFirst(a: Dated, b: Dated): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

const encodeCursor = (record: Dated) =>
  Buffer.from(JSON.stringify([record.created_at, record.id])).toString('base64url');

function decodeCursor(cursor: string): Dated | undefined {
  try {
    const [created_at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    return typeof created_at === 'string' && typeof id === 'string' ? { created_at, id } : undefined;
  } catch {
    return undefined;
  }
}

/** One page of records already sorted newest first. A cursor that does not decode starts at the beginning. */
export function page<T extends Dated>(sorted: T[], { cursor, limit }: PageQuery): Page<T> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const rest = after ? sorted.filter((record) => newestFirst(after, record) < 0) : sorted;
  if (limit === undefined || rest.length <= limit) return { items: rest, next: null };
  const items = rest.slice(0, limit);
  return { items, next: encodeCursor(items[items.length - 1]!) };
}
