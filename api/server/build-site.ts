// The site a build was made for. Pages, feeds, the sitemap and /openapi.json carry absolute links from SITE_URL at
// build time; a server started with another SITE_URL serves them pointing elsewhere (and crawlers drop a sitemap
// whose links are on another host), so start-up says so.

/** The origin a build links to, from its /openapi.json (`servers`, which the build writes from SITE_URL). */
export function buildOrigin(openapiJson: string | undefined): string | undefined {
  try {
    const document = JSON.parse(openapiJson ?? '');
    return typeof document.servers?.[0]?.url === 'string' ? document.servers[0].url : undefined;
  } catch {
    return undefined; // no build, or not ours: Astro's handler reports what is missing
  }
}

/** The warning for a build made for another origin than `siteUrl`'s, or undefined. */
export function buildSiteMismatch(built: string | undefined, siteUrl: URL): string | undefined {
  if (built === undefined || built === siteUrl.origin) return undefined;
  return `warning: the build links to ${built}, but SITE_URL is ${siteUrl.origin}; rebuild with this SITE_URL (npm run build; npm start does it)`;
}
