// Related listings: the same vertical, ranked by how many facets they share (domain, data type, countries,
// languages, modalities); ties go to the most recently updated.
import type { ListingWithoutNda } from '../../api/domain/listings/listing-schema.ts';
import { geographyCountries } from '../../api/domain/countries.ts';

const facets = (listing: ListingWithoutNda) =>
  new Set([
    `domain:${listing.domain}`,
    `type:${listing.data_type}`,
    ...geographyCountries(listing.geography).map((c) => `country:${c}`),
    ...(listing.languages ?? []).map((l) => `language:${l}`),
    ...(listing.modality?.split(',').map((m) => `modality:${m.trim()}`) ?? []),
  ]);

export function relatedListings(
  listing: ListingWithoutNda,
  all: readonly ListingWithoutNda[],
  max = 3,
): ListingWithoutNda[] {
  const mine = facets(listing);
  return all
    .filter((other) => other.id !== listing.id && other.vertical === listing.vertical)
    .map((other) => ({ other, shared: [...facets(other)].filter((f) => mine.has(f)).length }))
    .sort((a, b) => b.shared - a.shared || b.other.updated.localeCompare(a.other.updated))
    .slice(0, max)
    .map(({ other }) => other);
}
