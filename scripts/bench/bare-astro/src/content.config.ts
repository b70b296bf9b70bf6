import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';

export const collections = {
  listings: defineCollection({
    loader: glob({ pattern: '*.md', base: `${process.env.CONTENT_DIR}/listings` }),
  }),
};
