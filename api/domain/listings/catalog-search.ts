// The catalogue's one search (issue 42): GET /api/v1/catalog, the MCP tool search_catalog, the server-rendered
// /catalog/search/ and the page's script all build this MiniSearch index over the same text and rank, filter and
// sort with these functions. Any word may match; listings matching more of the words come first. No Node or ICU
// import (the page's script bundles it), and MiniSearch is passed in so that the page can load it lazily.
import type MiniSearch from 'minisearch';
import { searchTokens } from './search-words.ts';

export type SearchDoc = {
  id: string;
  title: string;
  /** Its languages by name, code and other names ("Spanish es español castilian"). */
  languages: string;
  /** What the listing is, in short: its countries' and modality's names and codes, its domain, its kind. */
  terms: string;
  /** The rest of its public words: the data card's record and collection, the description. */
  text: string;
  updated: string;
  size: { unit: string; from: number };
  /** Each filter's values this listing has: vertical, status, language codes, countries, domain, ... */
  facets: Readonly<Record<string, readonly string[]>>;
};
/** A filter's values are alternatives (OR); filters combine (AND). */
export type SearchFilters = Readonly<Record<string, readonly string[] | undefined>>;
export const SEARCH_SORTS = ['relevance', 'updated', 'size', 'title', 'id'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export type Hit = { matched: number; score: number };

type MiniSearchClass = typeof MiniSearch;

export type CatalogSearch = {
  readonly docs: readonly SearchDoc[];
  /** Listings matching any word of `q` (and none for an empty `q`), with how many words and how well. */
  hits(q: string, lenient?: boolean): Map<string, Hit>;
  /** The filtered, matched listings in the order asked for. */
  run(request: { q?: string; filters: SearchFilters; sort: SearchSort }): SearchDoc[];
  /**
   * When a search has no result: up to `count` listings that meet the most of what was asked (`near`), or, when
   * none meets any of it, the newest.
   */
  nearest(
    request: { q?: string; filters: SearchFilters },
    count?: number,
  ): { docs: SearchDoc[]; near: boolean };
};

// Sizes are compared only within a unit; the units keep this order (audio first, then imaging by record).
const UNIT_ORDER = ['hours', 'calls', 'studies', 'series', 'images', 'records', 'TB', 'GB', 'PB'];
const unitRank = (unit: string) => (UNIT_ORDER.includes(unit) ? UNIT_ORDER.indexOf(unit) : UNIT_ORDER.length);
/** What a group of one unit is called when the catalogue is sorted by size. */
export const UNIT_LABELS: Record<string, string> = {
  hours: 'Hours of audio',
  calls: 'Calls',
  studies: 'Studies',
  series: 'Series',
  images: 'Images',
  records: 'Records',
  TB: 'Terabytes',
  GB: 'Gigabytes',
  PB: 'Petabytes',
};

const byId = (a: SearchDoc, b: SearchDoc) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byUpdated = (a: SearchDoc, b: SearchDoc) =>
  a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : byId(a, b);

export const COMPARE: Record<Exclude<SearchSort, 'relevance'>, (a: SearchDoc, b: SearchDoc) => number> = {
  id: byId,
  updated: byUpdated,
  size: (a, b) =>
    unitRank(a.size.unit) - unitRank(b.size.unit) ||
    a.size.unit.localeCompare(b.size.unit, 'en') ||
    b.size.from - a.size.from ||
    byId(a, b),
  title: (a, b) => a.title.localeCompare(b.title, 'en') || byId(a, b),
};

/** More of the query's words first, then MiniSearch's BM25 score; then the newest. */
const byHit = (hits: Map<string, Hit>) => (a: SearchDoc, b: SearchDoc) => {
  const x = hits.get(a.id)!;
  const y = hits.get(b.id)!;
  return y.matched - x.matched || y.score - x.score || byUpdated(a, b);
};

/** How many of the filters a listing meets. */
function filtersMet(doc: SearchDoc, filters: SearchFilters): { met: number; asked: number } {
  let met = 0;
  let asked = 0;
  for (const [name, wanted] of Object.entries(filters)) {
    if (!wanted?.length) continue;
    asked += 1;
    if (wanted.some((value) => doc.facets[name]?.includes(value))) met += 1;
  }
  return { met, asked };
}

export function createCatalogSearch(
  docs: readonly SearchDoc[],
  MiniSearchClass: MiniSearchClass,
): CatalogSearch {
  const index = new MiniSearchClass<SearchDoc>({
    // A speech dataset is first of all its language, and a short field weighs each word more (BM25): a
    // Spanish-only listing outranks a bilingual one for "Spanish".
    fields: ['title', 'languages', 'terms', 'text'],
    tokenize: searchTokens,
    processTerm: (term) => term, // searchTokens has normalised it
    searchOptions: { boost: { title: 2, languages: 4, terms: 1.5 } },
  });
  index.addAll(docs);
  // A language named matches a listing in two languages for half of its data: its weight is shared out.
  const languageShare = new Map(
    docs.map((doc) => [
      doc.id,
      { words: new Set(searchTokens(doc.languages)), count: doc.facets.language?.length ?? 0 },
    ]),
  );
  const boostDocument = (id: string, term: string) => {
    const share = languageShare.get(id);
    return share && share.count > 1 && share.words.has(term) ? 1 / share.count : 1;
  };
  const byDocId = new Map(docs.map((doc) => [doc.id, doc]));

  function hits(q: string, lenient = false): Map<string, Hit> {
    const found = new Map<string, Hit>();
    if (!searchTokens(q).length) return found;
    const results = index.search(q, {
      combineWith: 'OR',
      boostDocument,
      // Two-letter words are codes (es, mx, ct): whole words only. Longer ones also start a word ("insur").
      prefix: (term) => term.length >= (lenient ? 2 : 3),
      // One typo in a word of five letters or more; a no-result search tries harder for its suggestions.
      fuzzy: (term) => (term.length >= (lenient ? 4 : 5) ? (lenient ? 0.34 : 0.2) : false),
    });
    for (const result of results) {
      found.set(String(result.id), { matched: new Set(result.queryTerms).size, score: result.score });
    }
    return found;
  }

  return {
    docs,
    hits,
    run({ q = '', filters, sort }) {
      const text = q.trim() ? hits(q) : undefined;
      const matched = docs.filter((doc) => {
        const { met, asked } = filtersMet(doc, filters);
        return met === asked && (!text || text.has(doc.id));
      });
      const order = sort === 'relevance' ? (text ? byHit(text) : byUpdated) : COMPARE[sort];
      return matched.sort(order);
    },
    nearest({ q = '', filters }, count = 3) {
      const text = q.trim() ? hits(q, true) : new Map<string, Hit>();
      const scored = docs.map((doc) => ({
        doc,
        met: filtersMet(doc, filters).met,
        hit: text.get(doc.id) ?? { matched: 0, score: 0 },
      }));
      const near = scored.filter(({ met, hit }) => met > 0 || hit.matched > 0);
      const ranked = (near.length ? near : scored)
        .sort(
          (a, b) =>
            b.met + b.hit.matched - (a.met + a.hit.matched) ||
            b.hit.score - a.hit.score ||
            byUpdated(a.doc, b.doc),
        )
        .slice(0, count);
      return { docs: ranked.map(({ doc }) => byDocId.get(doc.id)!), near: near.length > 0 };
    },
  };
}
