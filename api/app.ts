// The API core: a web-standard Request in, a Response out. Routing, rate limits, errors and the headers every
// API response carries live here, once; handlers only do their endpoint's work. Knows nothing of Astro or node:http.
import type { Catalog } from './catalog.ts';
import type { Config } from './config.ts';
import { ApiError } from './errors.ts';
import { errorResponse, json } from './http.ts';
import { createRateLimiter, type RateLimitDecision } from './rate-limit.ts';
import { createRouter, type Params, type Route } from './router.ts';
import { getListing, listCatalog } from './handlers/catalog.ts';
import type { RequestLog } from './log.ts';

export type Deps = {
  config: Config;
  catalog: Catalog;
  log: RequestLog;
  now?: () => number;
};

export type Context = {
  url: URL;
  params: Params;
  requestId: string;
  clientIp: string;
  deps: Deps;
};

export type Handler = (request: Request, context: Context) => Response | Promise<Response>;

/** What the adapter in front knows about the connection. */
export type RequestMeta = { clientIp: string; requestId: string; startedAt?: number };

type RouteOptions = { rateLimited?: boolean };
/** What dispatch learnt, kept even when it throws: the route for the log, the limit for the headers. */
type DispatchState = { route: string; limit?: RateLimitDecision };
type ApiRoute = Route<{ handle: Handler } & RouteOptions>;

const API_PREFIX = '/api/v1/';

const route = (method: string, path: string, handle: Handler, options: RouteOptions = {}): ApiRoute => ({
  method,
  path,
  handler: { handle, rateLimited: true, ...options },
});

const health: Handler = () => json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'RateLimit, RateLimit-Policy, Retry-After, X-Request-Id, WWW-Authenticate',
};

export function isApiPath(pathname: string): boolean {
  return pathname.startsWith(API_PREFIX) || pathname === '/api/v1';
}

export function createApi(deps: Deps) {
  const now = deps.now ?? Date.now;
  const router = createRouter<ApiRoute['handler']>([
    route('GET', '/api/v1/health', health, { rateLimited: false }),
    route('GET', '/api/v1/catalog', listCatalog),
    route('GET', '/api/v1/catalog/:id', getListing),
  ]);
  const perIp = createRateLimiter({ policy: 'per-ip', limit: deps.config.rateLimitPublicPerMinute });

  /** Counts the request against its client's window, before any body is read, so a flood costs no parsing. */
  function rateLimit(meta: RequestMeta, state: DispatchState): void {
    const limit = perIp.take(meta.clientIp, now());
    state.limit = limit;
    if (!limit.allowed) {
      throw new ApiError(
        429,
        'rate_limited',
        `Too many requests from this address: wait ${limit.retryAfter} s (Retry-After) before trying again.`,
        { headers: { 'Retry-After': String(limit.retryAfter) } },
      );
    }
  }

  async function dispatch(
    request: Request,
    url: URL,
    meta: RequestMeta,
    state: DispatchState,
  ): Promise<Response> {
    const match = router.match(request.method, url.pathname);
    // Unknown paths and wrong methods count too: probing the API is not free.
    if (match.kind !== 'found' || match.route.handler.rateLimited) rateLimit(meta, state);
    if (match.kind === 'not_found') {
      throw new ApiError(
        404,
        'not_found',
        `No API endpoint at ${url.pathname}. The API is described at /openapi.json.`,
      );
    }
    if (match.kind === 'method_not_allowed') {
      if (request.method === 'OPTIONS') return preflight(match.allow);
      throw new ApiError(
        405,
        'method_not_allowed',
        `${request.method} is not allowed here; use ${match.allow.join(', ')}.`,
        {
          headers: { Allow: match.allow.join(', ') },
        },
      );
    }
    const { route: matched, params } = match;
    state.route = `${matched.method} ${matched.path}`;
    return matched.handler.handle(request, {
      url,
      params,
      requestId: meta.requestId,
      clientIp: meta.clientIp,
      deps,
    });
  }

  return {
    /** Handles one /api/v1 request; never throws, never leaks a stack trace. */
    async handle(request: Request, meta: RequestMeta): Promise<Response> {
      const startedAt = meta.startedAt ?? performance.now();
      const state: DispatchState = { route: 'unmatched' };
      let response: Response;
      try {
        response = await dispatch(request, new URL(request.url), meta, state);
      } catch (error) {
        if (error instanceof ApiError) {
          response = errorResponse(error);
        } else {
          deps.log.error(meta.requestId, error);
          response = errorResponse(
            new ApiError(
              500,
              'internal',
              `Something went wrong on our side. Quote request id ${meta.requestId} if it persists.`,
            ),
          );
        }
      }
      const headers = response.headers;
      if (state.limit)
        for (const [name, value] of Object.entries(state.limit.headers)) headers.set(name, value);
      headers.set('X-Request-Id', meta.requestId);
      headers.set('X-Content-Type-Options', 'nosniff');
      for (const [name, value] of Object.entries(CORS_HEADERS)) headers.set(name, value);
      deps.log.request({
        requestId: meta.requestId,
        method: request.method,
        route: state.route,
        status: response.status,
        durationMs: performance.now() - startedAt,
        clientIp: meta.clientIp,
        keyId: null,
      });
      return response;
    },
  };
}

function preflight(allow: string[]): Response {
  return new Response(null, {
    status: 204,
    headers: {
      Allow: allow.join(', '),
      'Access-Control-Allow-Methods': allow.join(', '),
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key',
      'Access-Control-Max-Age': '600',
    },
  });
}

export type Api = ReturnType<typeof createApi>;
