// The public demand board's filters (GET /api/v1/demand): data types, languages, domains, and volume and timeline
// compared in their normalised form (bands.ts), so "500 GB - 2 TB" finds a post that asked for "1-10 TB".
// Filtering walks the store's pages newest first and stops at `limit` posts or after SCAN_BUDGET posts read,
// so one request costs at most that, whatever the board holds: a short (even empty) page with a next_cursor
// means "nothing more in this stretch; carry on".
import { z } from 'zod';
import type { DemandPostRecord } from '../../store/records.ts';
import type { Page, StoreReads } from '../../store/store.ts';
import { termValues, valueList } from '../filter-values.ts';
import { languageName, similarLanguage } from '../languages.ts';
import { ALL_DATA_TYPES, ALL_DOMAINS } from '../vocabulary.ts';
import { BAND_EXAMPLES, overlaps, parseBand, type BandKind, type Range } from './bands.ts';
import { ranges } from './views.ts';

const SCAN_BUDGET = 2000;
const CHUNK = 200;

const bandFilter = (kind: BandKind) =>
  z
    .string()
    .transform((value, ctx) => {
      const parsed = parseBand(kind, value);
      if (parsed.ok) return parsed.band.range;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    })
    .optional()
    .describe(`Posts whose ${kind} overlaps this band, compared normalised, e.g. ${BAND_EXAMPLES[kind]}`);

// The catalogue's rules (filter-values.ts): comma-separated values are alternatives, in any case and spacing, and
// an unknown one names the nearest. Bands are one each: a comma inside "1,000-5,000 hours" groups thousands.
export const demandFilterShape = {
  data_type: valueList(termValues(ALL_DATA_TYPES, 'a data type')).describe(
    `Posts asking for any of these data types, comma-separated, any case and spacing: ${ALL_DATA_TYPES.join(', ')}`,
  ),
  language: valueList({
    what: 'a language name or code',
    resolve: languageName,
    suggest: similarLanguage,
    instead: 'try "English", "en" or "en-US"',
  }).describe('Posts asking for any of these languages, comma-separated, by name or code in any case'),
  domain: valueList(termValues(ALL_DOMAINS, 'a domain')).describe(
    `Posts asking for any of these domains, comma-separated, any case and spacing: ${ALL_DOMAINS.join(', ')}`,
  ),
  volume: bandFilter('volume'),
  timeline: bandFilter('timeline'),
};

export type DemandFilter = {
  data_type?: string[];
  language?: string[];
  domain?: string[];
  volume?: Range;
  timeline?: Range;
};

const anyOf = (wanted: string[] | undefined, has: readonly string[]) =>
  !wanted || wanted.some((value) => has.includes(value));

function fits(post: DemandPostRecord, filter: DemandFilter): boolean {
  if (!anyOf(filter.data_type, post.data_types)) return false;
  if (!anyOf(filter.language, post.languages)) return false;
  if (!anyOf(filter.domain, post.domains)) return false;
  const { volume_range, timeline_range } = ranges(post); // old posts hold an old band: parsed on read
  if (filter.volume && !(volume_range && overlaps(volume_range, filter.volume))) return false;
  if (filter.timeline && !(timeline_range && overlaps(timeline_range, filter.timeline))) return false;
  return true;
}

export async function demandPage(
  store: Pick<StoreReads, 'demandPosts'>,
  filter: DemandFilter,
  query: { cursor?: string; limit: number },
): Promise<Page<DemandPostRecord>> {
  const filtered = Object.values(filter).some((value) => value !== undefined);
  if (!filtered) return store.demandPosts(query);
  const items: DemandPostRecord[] = [];
  let cursor = query.cursor;
  let scanned = 0;
  while (scanned < SCAN_BUDGET) {
    const chunk = await store.demandPosts({ cursor, limit: CHUNK });
    for (const [i, post] of chunk.items.entries()) {
      scanned += 1;
      if (!fits(post, filter)) continue;
      items.push(post);
      if (items.length === query.limit) {
        const more = i < chunk.items.length - 1 || chunk.next !== null;
        return { items, next: more ? cursorAfter(post) : null };
      }
    }
    if (!chunk.next) return { items, next: null };
    cursor = chunk.next;
  }
  return { items, next: cursor ?? null };
}

/** The cursor both engines give for the page after `post` (base64url JSON of [created_at, id]). */
const cursorAfter = (post: DemandPostRecord) =>
  Buffer.from(JSON.stringify([post.created_at, post.id])).toString('base64url');
