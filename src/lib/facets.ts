// Catalogue facets: each value is a radio button in /catalog/ and a token on each listing card,
// so CSS :has() filters without JavaScript (rules in /catalog/filters.css); a small script only adds the
// count, the empty state and a shareable URL.
import type { ListingWithoutNda } from '../../api/domain/listings/listing-schema.ts';
import { languageCode } from '../../api/domain/languages.ts';
import { DICOM_MODALITIES, LISTING_STATUSES, VERTICALS, type DicomModality } from '../../api/domain/vocabulary.ts';
import { STATUS_LABELS, VERTICAL_LABELS, humanize } from '../../api/domain/listings/listing-format.ts';

export type FacetName = 'vertical' | 'status' | 'language' | 'modality' | 'domain' | 'geography';
export type Facet = { name: FacetName; legend: string; options: { token: string; label: string }[] };

const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const languageToken = (name: string) => languageCode(name) ?? slug(name);
const modalities = (listing: ListingWithoutNda) =>
  listing.modality?.split(',').map((code) => code.trim()) ?? [];

/** The space-separated tokens a card carries per facet (data-vertical="…", data-language="en es", …). */
export function listingTokens(listing: ListingWithoutNda): Record<FacetName, string> {
  return {
    vertical: listing.vertical,
    status: listing.status,
    language: (listing.languages ?? []).map(languageToken).join(' '),
    modality: modalities(listing)
      .map((code) => code.toLowerCase())
      .join(' '),
    domain: listing.domain,
    geography: slug(listing.geography),
  };
}

const distinct = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));

export function catalogFacets(listings: readonly ListingWithoutNda[]): Facet[] {
  return [
    {
      name: 'vertical',
      legend: 'Vertical',
      options: VERTICALS.map((v) => ({ token: v, label: VERTICAL_LABELS[v] })),
    },
    {
      name: 'status',
      legend: 'Status',
      options: LISTING_STATUSES.map((s) => ({ token: s, label: STATUS_LABELS[s] })),
    },
    {
      name: 'language',
      legend: 'Language',
      options: distinct(listings.flatMap((l) => l.languages ?? [])).map((l) => ({
        token: languageToken(l),
        label: l,
      })),
    },
    {
      name: 'modality',
      legend: 'Modality',
      options: distinct(listings.flatMap(modalities)).map((code) => ({
        token: code.toLowerCase(),
        label: `${DICOM_MODALITIES[code as DicomModality]} (${code})`,
      })),
    },
    {
      name: 'domain',
      legend: 'Domain',
      options: distinct(listings.map((l) => l.domain)).map((d) => ({ token: d, label: humanize(d) })),
    },
    {
      name: 'geography',
      legend: 'Geography',
      options: distinct(listings.map((l) => l.geography)).map((g) => ({ token: slug(g), label: g })),
    },
  ];
}

/** One rule per facet value: when its radio is checked, hide every card without that token. */
export function facetCss(facets: readonly Facet[]): string {
  return facets
    .flatMap((facet) =>
      facet.options.map(
        ({ token }) =>
          `.catalog:has(#${facet.name}-${token}:checked) .listing:not([data-${facet.name}~="${token}"]) { display: none; }`,
      ),
    )
    .join('\n');
}
