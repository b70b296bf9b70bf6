import type { APIRoute, GetStaticPaths } from 'astro';
import { listingEntries, type ListingEntry } from '../../lib/listings.ts';
import { listingMarkdown } from '../../lib/listing-markdown.ts';

export const getStaticPaths: GetStaticPaths = async () =>
  (await listingEntries()).map((item) => ({ params: { id: item.listing.id }, props: item }));

export const GET: APIRoute = ({ props, site }) => {
  const { listing, entry } = props as ListingEntry;
  return new Response(listingMarkdown(listing, entry.body ?? '', site!), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
};
