// The catalogue's facets: every value a filter can take, its label, and the verticals it occurs in (so the
// options follow the chosen vertical), plus what each listing card carries for the page's script to match.
// The values are the API's own (GET /api/v1/catalog?geography=Germany), so a form submitted without JavaScript
// and the script agree with the API on every count.
import type { ListingWithoutNda } from '../../api/domain/listings/listing-schema.ts';
import { geographyCountries } from '../../api/domain/countries.ts';
import { languageCode } from '../../api/domain/languages.ts';
import type { IndexedListing } from '../../api/domain/listings/catalog-query.ts';
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

/** The values of each facet one listing has. */
export function listingValues(listing: ListingWithoutNda): Record<FacetName, string[]> {
  return {
    status: [listing.status],
    data_type: [listing.data_type],
    language: (listing.languages ?? []).map((name) => languageCode(name) ?? name),
    modality: listing.modality?.split(',').map((code) => code.trim()) ?? [],
    domain: [listing.domain],
    geography: geographyCountries(listing.geography),
  };
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

/** The data attributes a card carries: each facet's values joined by "|", and what sorting and `q` read. */
export function cardData(entry: IndexedListing): Record<string, string> {
  const { listing } = entry;
  const values = listingValues(listing);
  return {
    'data-id': listing.id,
    'data-vertical': listing.vertical,
    ...Object.fromEntries(
      Object.entries(values).map(([name, list]) => [`data-${name.replace('_', '-')}`, list.join('|')]),
    ),
    'data-updated': listing.updated,
    'data-size-unit': entry.size.unit,
    'data-size-from': String(entry.size.from),
    'data-search': entry.text.trim(),
  };
}
