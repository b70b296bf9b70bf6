import type { APIRoute, GetStaticPaths } from 'astro';
import { croissant } from '../../../lib/json-ld.ts';
import { listingEntries, type ListingEntry } from '../../../lib/listings.ts';

export const getStaticPaths: GetStaticPaths = async () =>
  (await listingEntries()).map((item) => ({ params: { id: item.listing.id }, props: item }));

// MLCommons Croissant metadata, as Hugging Face and Kaggle publish it.
export const GET: APIRoute = ({ props, site }) => {
  const { listing, entry } = props as ListingEntry;
  return new Response(JSON.stringify(croissant(listing, entry.body ?? '', site!), null, 2), {
    headers: { 'Content-Type': 'application/ld+json; charset=utf-8' },
  });
};
