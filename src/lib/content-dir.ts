// CONTENT_DIR lets the benchmarks build a generated catalogue; the default is the repo's own content/.
export const contentDir = process.env.CONTENT_DIR ?? './content';
