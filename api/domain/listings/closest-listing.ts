// "Did you mean …?" for a listing id no listing has: a client (or an agent) that mistyped, re-cased or cut short an id
// is told the one it most likely meant, as a filter value is (closest.ts).
import { closest } from '../closest.ts';
import { catalogQuerySchema, type Catalog } from './catalog.ts';

const EVERY_LISTING = catalogQuerySchema.parse({});

/** The listing id closest to `id`, read as an id is written (lower case, words joined by hyphens); none if far. */
export function closestListingId(id: string, catalog: Pick<Catalog, 'filter'>): string | undefined {
  const ids = catalog.filter(EVERY_LISTING).data.map((listing) => listing.id);
  return closest(
    id
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-'),
    ids,
  );
}

/** The 404's message for an id no listing has, naming the closest one when there is one. */
export function unknownListingMessage(id: string, catalog: Pick<Catalog, 'filter'>): string {
  const near = closestListingId(id, catalog);
  const shown = id.slice(0, 80);
  return near
    ? `No listing has the id "${shown}"; the closest is "${near}". GET /api/v1/catalog lists every listing id.`
    : `No listing has the id "${shown}". GET /api/v1/catalog lists every listing id.`;
}
