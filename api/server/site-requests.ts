// What the site (everything outside /api/v1/) refuses before its files or Astro's handler see a request: a
// method other than GET and HEAD (405 with Allow; Astro answered TRACE with a 500 and a stack trace), a path
// whose percent-encoding does not decode (400; Astro answered "Bad request." under the feed headers, labelled
// JSON and cacheable), and an on-demand page past the client's per-IP rate limit (429).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RateLimitDecision } from '../http/rate-limit.ts';
import { SECURITY_HEADERS } from './site-headers.ts';

export const SITE_METHODS = 'GET, HEAD';
/** The pages whose forms post to themselves (contract §8): they answer POST too, checked there (Origin, CSRF). */
const FORM_PAGES = /^\/(access\/|signin\/(callback)?|dashboard\/.*|desk\/.*)$/;

const PLAIN = {
  'Content-Type': 'text/plain; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

function refuse(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): true {
  res.writeHead(status, { ...PLAIN, ...headers, 'Content-Length': Buffer.byteLength(text) });
  res.end(res.req.method === 'HEAD' ? undefined : text);
  return true;
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** Answers a site request that must go no further; false when the request may be served. */
export function refuseSiteRequest(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  const formPost = req.method === 'POST' && FORM_PAGES.test(pathname);
  if (req.method !== 'GET' && req.method !== 'HEAD' && !formPost) {
    return refuse(res, 405, `${req.method} is not allowed here; pages and feeds answer ${SITE_METHODS}.\n`, {
      Allow: SITE_METHODS,
    });
  }
  if (pathname.includes('%') && !decodes(pathname)) {
    return refuse(
      res,
      400,
      'This address is not valid: its percent-encoding does not decode to UTF-8 text.\n',
    );
  }
  return false;
}

/** The site's stylesheets, as a built page links them (`<link rel="stylesheet" href="/_astro/….css">`). */
export function stylesheetsOf(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet" href="(\/[^"<>]+\.css)"/g)].map((match) => match[1]!);
}

export type PageRateLimited = (res: ServerResponse, decision: RateLimitDecision) => true;

/**
 * The 429 for an on-demand page, with the same RateLimit headers as the API's. Astro's handler is what was
 * refused, so a browser gets a small page of our own in the site's look (its stylesheet, a way home and to the
 * static pages, which are not limited); anything else, plain text. Both are made once: it is answered under a flood.
 */
export function createPageRateLimited(stylesheets: readonly string[]): PageRateLimited {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  const before =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Too many requests · Data Sourcing Service</title><meta name="robots" content="noindex">' +
    `<meta name="color-scheme" content="light dark"><link rel="icon" href="/favicon.svg" type="image/svg+xml">${links}` +
    '</head><body><header class="site-header"><a class="brand" href="/"><img src="/favicon.svg" alt="" width="24" height="24"> Data Sourcing Service</a></header>' +
    '<main id="main"><div class="prose"><h1>Too many requests</h1><p class="lead">This address has asked for more pages in the last minute than we answer. Wait <strong>';
  const after =
    '</strong>, then reload this page.</p>' +
    '<p>Meanwhile these still open: <a href="/">home</a>, the <a href="/catalog/">catalogue</a>, the <a href="/docs/api/">API guide</a> and <a href="/contact/">contact</a>.</p>' +
    '</div></main></body></html>\n';
  const html = { ...SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8' };
  return (res, decision) => {
    const seconds = decision.retryAfter;
    const headers = { ...decision.headers, 'Retry-After': String(seconds) };
    if (!/\btext\/html\b/.test(res.req.headers.accept ?? '')) {
      return refuse(
        res,
        429,
        `Too many requests from this address: wait ${seconds} s and reload.\n`,
        headers,
      );
    }
    const wait = seconds === 1 ? '1 second' : `${seconds} seconds`;
    return refuse(res, 429, before + wait + after, { ...html, ...headers });
  };
}

/**
 * The feed headers set before Astro's handler (type, CORS, a public cache) belong to the feed, not to an error
 * page Astro answers at the same path: an answer of 400 or more keeps only what it sets itself, uncached.
 */
export function feedHeadersOnlyOnSuccess(res: ServerResponse, feedHeaders: readonly string[]): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (status >= 400) {
      for (const name of feedHeaders) res.removeHeader(name);
      res.setHeader('Cache-Control', 'no-store');
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
}
