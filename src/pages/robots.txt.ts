import type { APIRoute } from 'astro';

// Crawlers, including AI crawlers, are welcome everywhere public; signed sample links are not for indexing.
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/v1/samples/',
      '',
      `Sitemap: ${new URL('/sitemap-index.xml', site).href}`,
      '',
      `# Guides for language models: ${new URL('/llms.txt', site).href}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
