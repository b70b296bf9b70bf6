import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { VERTICAL_LABELS, listingSummary } from '../../api/domain/listings/listing-format.ts';
import { allListings } from '../lib/listings.ts';
import { entryId } from '../lib/feed-entry.ts';

// RSS 2.0 through Astro's own @astrojs/rss: one item per listing, the most recently updated first.
export const GET: APIRoute = async ({ site }) => {
  const listings = [...(await allListings())].sort((a, b) =>
    a.updated === b.updated ? (a.id < b.id ? -1 : 1) : a.updated < b.updated ? 1 : -1,
  );
  return rss({
    title: 'Data Sourcing Service: catalogue',
    description: 'New and updated licensable datasets: conversational audio and medical imaging.',
    site: site!,
    items: listings.map((listing) => ({
      title: listing.title,
      link: `/catalog/${listing.id}/`,
      pubDate: new Date(`${listing.updated}T00:00:00Z`),
      description: listingSummary(listing),
      categories: [VERTICAL_LABELS[listing.vertical], listing.status],
      customData: `<guid isPermaLink="false">${entryId(listing, site!)}</guid>`,
    })),
    // The feed's own address, as the W3C feed validator recommends (https://validator.w3.org/feed/docs/warning/MissingAtomSelfLink.html).
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<language>en</language><atom:link href="${new URL('/feed.xml', site).href}" rel="self" type="application/rss+xml"/>`,
  });
};
