// The site's own address when SITE_URL is unset (contract §14): http://localhost:<PORT>, whatever PORT is, read the
// same by the build (astro.config.ts), the server and the CLI. On a loopback site the browser may have opened
// localhost, 127.0.0.1 or [::1] at the same port: all three are this site, so the Origin checks take each.
export const DEFAULT_PORT = 4321;

/** `port` 0 (any free port) is not known until the server listens; until then the default port stands in. */
export const defaultSiteUrl = (port: number) => new URL(`http://localhost:${port || DEFAULT_PORT}`);

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The origins that are this site: SITE_URL's, and on a plain-http loopback site the other loopback names too. */
export function siteOrigins(siteUrl: URL): string[] {
  if (siteUrl.protocol !== 'http:' || !LOOPBACK_NAMES.includes(siteUrl.hostname)) return [siteUrl.origin];
  const port = siteUrl.port ? `:${siteUrl.port}` : '';
  return LOOPBACK_NAMES.map((name) => `http://${name}${port}`);
}
