// The home page's headline totals, as bands like every size here: the sum of each listing's lower bound per unit,
// rounded down to one significant figure ("9,000+ hours"), so no exact count is ever implied.
import { sizeRank } from '../../api/domain/listings/catalog-query.ts';
import type { ListingWithoutNda } from '../../api/domain/listings/listing-schema.ts';

export function floorBand(n: number): string {
  if (n <= 0) return '0';
  const magnitude = 10 ** Math.floor(Math.log10(n));
  const floored = Math.floor(n / magnitude) * magnitude;
  return `${floored.toLocaleString('en')}+`;
}

/** ["10,000+ hours", "40k+ studies", …] for the listings given, largest unit total first. */
export function totalBands(listings: readonly ListingWithoutNda[]): string[] {
  const byUnit = new Map<string, number>();
  for (const listing of listings) {
    const { unit, from } = sizeRank(listing.size_band);
    byUnit.set(unit, (byUnit.get(unit) ?? 0) + from);
  }
  return [...byUnit].sort((a, b) => b[1] - a[1]).map(([unit, total]) => `${floorBand(total)} ${unit}`);
}
