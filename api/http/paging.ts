// Paging of the lists (contract §9): `limit` (1–100, default 50) and `cursor`, answered with `next_cursor` (null
// at the end). A cursor is opaque to clients; one that is not a cursor is 422, never a silent restart. A
// well-formed one is only a position in the list (after a time and id), so it needs no signature: it opens nothing.
import { z } from 'zod';
import { DEFAULT_PAGE, LIST_LIMIT } from '../domain/requests/views.ts';

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const CURSOR_ID = /^[a-z]+_[0-9A-Za-z]+$/;

/** Both engines encode a cursor as base64url JSON of [created_at, id] (api/store/*): a record's time and id. */
function isCursor(value: string): boolean {
  try {
    const decoded = JSON.parse(Buffer.from(value, 'base64url').toString()) as unknown;
    if (!Array.isArray(decoded) || decoded.length !== 2) return false;
    const [at, id] = decoded as unknown[];
    return (
      typeof at === 'string' &&
      CURSOR_TIME.test(at) &&
      !Number.isNaN(Date.parse(at)) &&
      typeof id === 'string' &&
      CURSOR_ID.test(id)
    );
  } catch {
    return false;
  }
}

const LIMIT_SAID = `a whole number from 1 to ${LIST_LIMIT}`;
const CURSOR_SAID = 'is not a cursor we gave: pass next_cursor from the previous page as it is';

export const pageShape = {
  limit: z.coerce
    .number({ error: `must be ${LIMIT_SAID}` })
    .int({ error: `must be ${LIMIT_SAID}` })
    .min(1, { error: `must be ${LIMIT_SAID}` })
    .max(LIST_LIMIT, { error: `must be ${LIMIT_SAID}` })
    .default(DEFAULT_PAGE)
    .describe(`How many to answer, 1 to ${LIST_LIMIT} (default ${DEFAULT_PAGE})`),
  cursor: z
    .string()
    .max(400, { error: CURSOR_SAID })
    .refine(isCursor, { error: CURSOR_SAID })
    .optional()
    .describe('next_cursor from the previous page; leave out for the first page'),
};

export const PAGE_PARAMETERS = ['limit', 'cursor'] as const;

/** A page's answer: the items, how many, and the cursor of the next page (null at the end). */
export const pageBody = <T>(data: T[], next: string | null) => ({
  data,
  count: data.length,
  next_cursor: next,
});

/** A page's schema (contract §9): `count` is this page's; `next_cursor` null at the end. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    count: z.int().min(0).describe('How many are in this page'),
    next_cursor: z
      .string()
      .nullable()
      .describe('Pass as cursor for the next page; null when this is the last'),
  });
