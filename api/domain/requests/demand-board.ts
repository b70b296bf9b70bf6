// The public demand board's filters (GET /api/v1/demand): data type, language, domain, and volume and timeline
// compared in their normalised form (bands.ts), so "500 GB - 2 TB" finds a post that asked for "1-10 TB".
// Filtering walks the store's pages newest first and stops at `limit` posts or after SCAN_BUDGET posts read,
// so one request costs at most that, whatever the board holds: a short (even empty) page with a next_cursor
// means "nothing more in this stretch; carry on".
import { z } from 'zod';
import type { DemandPostRecord } from '../../store/records.ts';
import type { Page, StoreReads } from '../../store/store.ts';
import { languageName } from '../languages.ts';
import { ALL_DATA_TYPES } from '../vocabulary.ts';
import { vocabularyTerm } from '../vocabulary-term.ts';
import { BAND_EXAMPLES, overlaps, parseBand, type BandKind, type Range } from './bands.ts';
import { domain } from './request-schema.ts';
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

export const demandFilterShape = {
  data_type: vocabularyTerm(ALL_DATA_TYPES, 'a data type')
    .optional()
    .describe(`Posts asking for this data type: ${ALL_DATA_TYPES.join(', ')}`),
  language: z
    .string()
    .transform((value, ctx) => {
      const name = languageName(value);
      if (name) return name;
      ctx.addIssue({
        code: 'custom',
        message: `"${value.slice(0, 60)}" is not a language name or code; try "English" or "en"`,
      });
      return z.NEVER;
    })
    .optional()
    .describe('Posts asking for this language (a name or code, any case)'),
  domain: domain.optional().describe('Posts asking for this domain, any case and spacing'),
  volume: bandFilter('volume'),
  timeline: bandFilter('timeline'),
};

export type DemandFilter = {
  data_type?: string;
  language?: string;
  domain?: string;
  volume?: Range;
  timeline?: Range;
};

function fits(post: DemandPostRecord, filter: DemandFilter): boolean {
  if (filter.data_type && !(post.data_types as string[]).includes(filter.data_type)) return false;
  if (filter.language && !post.languages.includes(filter.language)) return false;
  if (filter.domain && !(post.domains as string[]).includes(filter.domain)) return false;
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
