// The catalogue's facets: every value a filter can take, its label, and the verticals it occurs in (so the
// options follow the chosen vertical), plus what each listing card carries for the page's script to match.
// The values are the API's own (GET /api/v1/catalog?geography=Germany), so a form submitted without JavaScript
// and the script agree with the API on every count.
import type { ListingWithoutNda } from '../../api/domain/listings/listing-schema.ts';
import { languageCode } from '../../api/domain/languages.ts';
import { listingFacetValues, type IndexedListing } from '../../api/domain/listings/catalog-query.ts';
import { DATA_TYPE_LABELS, STATUS_LABELS, domainLabel } from '../../api/domain/listings/listing-format.ts';
import {
  DICOM_MODALITIES,
  LISTING_STATUSES,
  type DicomModality,
  type Vertical,
} from '../../api/domain/vocabulary.ts';

export type FacetName = 'status' | 'data_type' | 'language' | 'modality' | 'domain' | 'geography';
export type FacetOption = { value: string; label: string; verticals: Vertical[] };
export type Facet = { name: FacetName; legend: string; options: FacetOption[]; verticals: Vertical[] };

/** What the catalogue form shows as chosen: the search, the vertical, the order and each facet's checked values. */
export type CatalogState = {
  q: string;
  vertical: string;
  sort: string;
  selected: Partial<Record<FacetName, string[]>>;
};

/** The values of each facet one listing has: the API's own. */
export function listingValues(listing: ListingWithoutNda): Record<FacetName, string[]> {
  const { vertical: _vertical, ...values } = listingFacetValues(listing);
  return values;
}

const FACETS: [FacetName, string, (value: string, listing: ListingWithoutNda) => string][] = [
  ['status', 'Status', (v) => STATUS_LABELS[v as keyof typeof STATUS_LABELS]],
  ['data_type', 'One record is', (v) => DATA_TYPE_LABELS[v as keyof typeof DATA_TYPE_LABELS]],
  ['language', 'Language', (v, l) => l.languages?.find((name) => (languageCode(name) ?? name) === v) ?? v],
  ['modality', 'Modality', (v) => `${DICOM_MODALITIES[v as DicomModality]} (${v})`],
  ['domain', 'Domain', (v) => domainLabel(v)],
  ['geography', 'Country', (v) => v],
];

export function catalogFacets(listings: readonly ListingWithoutNda[]): Facet[] {
  return FACETS.map(([name, legend, label]) => {
    const options = new Map<string, FacetOption>();
    for (const listing of listings) {
      for (const value of listingValues(listing)[name]) {
        const option = options.get(value) ?? { value, label: label(value, listing), verticals: [] };
        if (!option.verticals.includes(listing.vertical)) option.verticals.push(listing.vertical);
        options.set(value, option);
      }
    }
    const sorted =
      name === 'status'
        ? LISTING_STATUSES.flatMap((s) => options.get(s) ?? [])
        : [...options.values()].sort((a, b) => a.label.localeCompare(b.label, 'en'));
    return { name, legend, options: sorted, verticals: [...new Set(sorted.flatMap((o) => o.verticals))] };
  });
}

/**
 * The data attributes a card carries: the search's document (catalog-search.ts), from which the page's script builds
 * the same index the server searched: each facet's values joined by "|", the date, the size and the indexed text.
 */
export function cardData(entry: IndexedListing): Record<string, string> {
  const { doc } = entry;
  return {
    'data-id': doc.id,
    ...Object.fromEntries(
      Object.entries(doc.facets).map(([name, list]) => [`data-${name.replace('_', '-')}`, list.join('|')]),
    ),
    'data-updated': doc.updated,
    'data-size-unit': doc.size.unit,
    'data-size-from': String(doc.size.from),
    'data-languages': doc.languages,
    'data-terms': doc.terms,
    'data-search': doc.text,
  };
}
