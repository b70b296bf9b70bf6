// Headers for everything that is not the API: pages get the security headers, feeds get their exact media type,
// open CORS and a short public cache. Set before Astro's handler runs; it keeps headers that are already set.
import { API_CATALOG_PATH, API_CATALOG_TYPE } from '../http/api-catalog.ts';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What every page carries, an error page the server writes itself too. */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

// Media types `send` would get wrong or leave without a charset.
const FEED_TYPES: [RegExp, string][] = [
  [/^\/\.well-known\/api-catalog$/, API_CATALOG_TYPE],
  [/\/(croissant|spdx)\.json$/, 'application/ld+json; charset=utf-8'],
  [/\.jsonld$/, 'application/ld+json; charset=utf-8'],
  [/\.md$/, 'text/markdown; charset=utf-8'],
  [/\.json$/, 'application/json; charset=utf-8'],
  [/\.txt$/, 'text/plain; charset=utf-8'],
  [/^\/feed\.xml$/, 'application/rss+xml; charset=utf-8'],
  [/\.xml$/, 'application/xml; charset=utf-8'],
];

/**
 * HSTS when the site is served over https (SITE_URL): browsers then never try plain http for it again. Not for an
 * http SITE_URL (local use, or a proxy on http), where it would be ignored or, worse, pin a name to TLS.
 */
export const transportSecurity = (siteUrl: URL): Record<string, string> =>
  siteUrl.protocol === 'https:' ? { 'Strict-Transport-Security': 'max-age=31536000' } : {};

/** The headers a feed adds to the security headers. */
export const FEED_HEADER_NAMES = ['Content-Type', 'Access-Control-Allow-Origin', 'Cache-Control'] as const;

// RFC 9727 §2: a HEAD of the API catalogue must find the catalogue's relation in a Link header.
const API_CATALOG_LINK = { Link: `<${API_CATALOG_PATH}>; rel="api-catalog"` };

export function siteHeaders(pathname: string): Record<string, string> {
  const feed = FEED_TYPES.find(([pattern]) => pattern.test(pathname));
  if (!feed) return SECURITY_HEADERS;
  return {
    ...SECURITY_HEADERS,
    'Content-Type': feed[1],
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': 'public, max-age=300',
    ...(pathname === API_CATALOG_PATH ? API_CATALOG_LINK : {}),
  };
}
