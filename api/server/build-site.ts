// The site a build was made for. Pages, feeds, the sitemap and /openapi.json carry absolute links from SITE_URL at
// build time; a server started with another SITE_URL serves them pointing elsewhere (and crawlers drop a sitemap
// whose links are on another host), so start-up says so.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The origin the build in `clientDir` links to: /openapi.json's server, which the build writes from SITE_URL. */
export async function buildOrigin(clientDir: string): Promise<string | undefined> {
  try {
    const document = JSON.parse(await readFile(join(clientDir, 'openapi.json'), 'utf8'));
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
