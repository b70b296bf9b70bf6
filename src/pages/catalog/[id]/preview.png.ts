// An imaging listing's public preview slice, copied from content/previews/ (never from the private samples).
import { readFileSync } from 'node:fs';
import type { APIRoute } from 'astro';
import { allListings } from '../../../lib/listings.ts';
import { hasPreview, previewPath } from '../../../lib/preview.ts';

export async function getStaticPaths() {
  return (await allListings())
    .filter((listing) => hasPreview(listing.id, 'imaging'))
    .map((listing) => ({ params: { id: listing.id } }));
}

export const GET: APIRoute = ({ params }) =>
  new Response(readFileSync(previewPath(params.id!, 'png')), { headers: { 'Content-Type': 'image/png' } });
