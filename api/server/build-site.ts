// The site a build was made for. Pages, feeds, the sitemap and /openapi.json carry absolute links from SITE_URL at
// build time; a server started with another SITE_URL serves them pointing elsewhere (and crawlers drop a sitemap
// whose links are on another host), so start-up says so. The same for the NDA's parties, which the build publishes
// (/legal/nda.md) and the server certifies.
import { createHash } from 'node:crypto';

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

/**
 * The warning for a build whose published NDA (/legal/nda.md, made from LEGAL_* at build time) is not the text this
 * server hashes and certifies (its own LEGAL_*), or undefined. A lab would read one text and sign another's hash.
 */
export function buildNdaMismatch(built: string | undefined, served: { sha256: string }): string | undefined {
  if (built === undefined) return undefined;
  if (createHash('sha256').update(built, 'utf8').digest('hex') === served.sha256) return undefined;
  return 'warning: the built /legal/nda/ names other parties than LEGAL_ENTITY, LEGAL_ADDRESS and GOVERNING_LAW here; rebuild with these settings (npm run build; npm start does it)';
}
