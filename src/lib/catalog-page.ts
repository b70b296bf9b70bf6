// What the catalogue pages read: every listing indexed once (the same index the API filters), and a form's query
// string read with the API's own schema, so /catalog/search/ counts exactly what GET /api/v1/catalog returns.
import { fieldErrors } from '../../api/field-errors.ts';
import {
  catalogQuerySchema,
  indexListing,
  queryCatalog,
  type CatalogQuery,
  type CatalogSort,
  type IndexedListing,
} from '../../api/domain/listings/catalog-query.ts';
import type { CatalogState, FacetName } from './facets.ts';
import { listingEntries } from './listings.ts';

let index: Promise<IndexedListing[]> | undefined;

export function indexedCatalog(): Promise<IndexedListing[]> {
  index ??= listingEntries().then((entries) =>
    entries.map(({ listing, entry }) => indexListing(listing, entry.body ?? '')),
  );
  return index;
}

const MULTI: FacetName[] = ['status', 'data_type', 'language', 'modality', 'domain', 'geography'];
// The page's default order (the best match first; newest first without a search); the API's is by id.
export const DEFAULT_SORT: CatalogSort = 'relevance';

/**
 * A form's query string (checkboxes repeat a name: geography=Germany&geography=Austria) as the API's parameters
 * (geography=Germany,Austria), parsed by the API's schema. Unknown values are reported, not thrown.
 */
export function readCatalogForm(params: URLSearchParams): {
  state: CatalogState;
  query: CatalogQuery;
  problems: [string, string[]][];
} {
  const state: CatalogState = {
    q: params.get('q')?.slice(0, 200) ?? '',
    vertical: params.get('vertical') ?? '',
    sort: params.get('sort') || DEFAULT_SORT,
    selected: {},
  };
  const raw: Record<string, string> = {};
  if (state.q.trim()) raw.q = state.q;
  if (state.vertical) raw.vertical = state.vertical;
  raw.sort = state.sort;
  for (const name of MULTI) {
    const values = params.getAll(name).filter(Boolean);
    if (values.length) {
      state.selected[name] = values;
      raw[name] = values.join(',');
    }
  }
  const parsed = catalogQuerySchema.safeParse(raw);
  if (parsed.success) return { state, query: parsed.data, problems: [] };
  const problems = Object.entries(fieldErrors(parsed.error.issues, 'filter'));
  // Drop what was not understood and show the rest, as the API would after a corrected request.
  for (const [field] of problems) delete raw[field];
  const retry = catalogQuerySchema.safeParse(raw);
  return {
    state,
    query: retry.success ? retry.data : catalogQuerySchema.parse({ sort: DEFAULT_SORT }),
    problems,
  };
}

export const searchCatalog = (all: readonly IndexedListing[], query: CatalogQuery) =>
  queryCatalog(all, { ...query, sort: query.sort ?? DEFAULT_SORT });
