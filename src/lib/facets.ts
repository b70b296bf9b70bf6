// Catalogue facets: each value is a radio button in /catalog/ and a token on each listing card,
// so CSS :has() can filter without JavaScript (rules in /catalog/filters.css).
import type { Listing } from '../../api/listing-schema.ts';
import { languageCode } from '../../api/languages.ts';
import { LISTING_STATUSES, VERTICALS } from '../../api/vocabulary.ts';
import { STATUS_LABELS, VERTICAL_LABELS } from './format.ts';

export type Facet = { name: string; legend: string; options: { token: string; label: string }[] };

const languageToken = (name: string) => languageCode(name) ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function listingTokens(listing: Listing): Record<string, string> {
  return {
    vertical: listing.vertical,
    status: listing.status,
    language: (listing.languages ?? []).map(languageToken).join(' '),
  };
}

export function catalogFacets(listings: readonly Listing[]): Facet[] {
  const languages = [...new Set(listings.flatMap((listing) => listing.languages ?? []))].sort();
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
      options: languages.map((l) => ({ token: languageToken(l), label: l })),
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
