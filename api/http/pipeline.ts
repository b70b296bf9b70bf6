// The API core: a web-standard Request in, a Response out. Routing, authentication, rate limits, errors and the
// headers every API response carries live here, once; handlers only do their endpoint's work.
// Knows nothing of Astro or node:http.
import type { Catalog } from '../domain/listings/catalog.ts';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import { empty, errorResponse, json, jsonText, setHeaders, type LowerCaseHeaders } from './responses.ts';
import { headerOf } from '../server/node-adapter.ts';
import { authenticate, type Caller } from '../domain/labs/labs.ts';
import type { RequestLog } from './log.ts';
import { createRateLimiter, type RateLimitDecision } from './rate-limit.ts';
import { createRouter, pathnameOf, type Params } from './router.ts';
import type { Store } from '../store/json/json-store.ts';
import { getListing, listCatalog } from '../handlers/catalog.ts';
import { listDemand } from '../handlers/demand.ts';
import { createRequest, getRequest, listRequests } from '../handlers/requests.ts';
import { askForSample } from '../handlers/samples.ts';
import { downloadSample } from '../handlers/sample-download.ts';
import type { MailWorker } from '../domain/mail/worker.ts';
import type { LinkSigner } from '../domain/samples/links.ts';

export type Deps = {
  config: Config;
  catalog: Catalog;
  store: Store;
  log: RequestLog;
  /** Checks sample download links; absent, the download endpoint answers 503. */
  signer?: LinkSigner;
  /** Told when a write queued mail, so it goes out soon after the answer. */
  mail?: Pick<MailWorker, 'kick'>;
  now?: () => number;
};

export type Context = {
  /** Parsed only for a request that reaches its handler: routing and refusals need just the path. */
  url: URL;
  params: Params;
  requestId: string;
  clientIp: string;
  /** The lab behind a valid key, or undefined for a public request. */
  caller: Caller | undefined;
  now: Date;
  deps: Deps;
};

export type Handler = (request: Request, context: Context) => Response | Promise<Response>;

/** What the adapter in front knows about the connection. */
export type RequestMeta = { clientIp: string; requestId: string; startedAt?: number };

type Access = 'public' | 'key' | 'unlimited';
type ApiRoute = { method: string; path: string; handler: { handle: Handler; access: Access } };

const route = (method: string, path: string, handle: Handler, access: Access = 'public'): ApiRoute => ({
  method,
  path,
  handler: { handle, access },
});

const health: Handler = async (_request, { deps }) => {
  const healthy = await deps.store.healthy();
  return json(healthy ? { status: 'ok' } : { status: 'unavailable' }, {
    status: healthy ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
};

const COMMON_HEADERS: LowerCaseHeaders = {
  'x-content-type-options': 'nosniff',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'RateLimit, RateLimit-Policy, Retry-After, X-Request-Id, WWW-Authenticate',
};

// An answer to a keyed request may hold what only that lab may see: no shared cache may keep it.
const PRIVATE_HEADERS: LowerCaseHeaders = { 'cache-control': 'private, no-store', vary: 'Authorization' };

// A key's last use is written at most this often: a write per request would cost more than it tells.
const LAST_USED_RESOLUTION_MS = 60 * 60 * 1000;

export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/v1/') || pathname === '/api/v1';
}

/** What dispatch learnt, kept even when it throws: the route and key for the log, the limit for the headers. */
type DispatchState = {
  route: string;
  /** The Authorization header, read once per request. */
  authorization: string | null;
  limit?: RateLimitDecision;
  caller?: Caller;
};

export function createApi(deps: Deps) {
  const now = deps.now ?? Date.now;
  const router = createRouter<ApiRoute['handler']>([
    route('GET', '/api/v1/health', health, 'unlimited'),
    route('GET', '/api/v1/catalog', listCatalog),
    route('GET', '/api/v1/catalog/:id', getListing),
    route('GET', '/api/v1/demand', listDemand),
    route('POST', '/api/v1/requests', createRequest, 'key'),
    route('GET', '/api/v1/requests', listRequests, 'key'),
    route('GET', '/api/v1/requests/:id', getRequest, 'key'),
    route('POST', '/api/v1/samples/:id', askForSample, 'key'),
    route('GET', '/api/v1/samples/:id/download', downloadSample),
  ]);
  const perIp = createRateLimiter({ policy: 'per-ip', limit: deps.config.rateLimitPublicPerMinute });
  const perKey = createRateLimiter({ policy: 'per-key', limit: deps.config.rateLimitKeyPerMinute });

  // Under a flood refusals are the hot path, and their bodies differ only in who is refused and for how long:
  // each is serialised once, and found by its wait in whole seconds (at most a window's worth per client kind).
  const refusalBodies = { 'this API key': [] as Buffer[], 'this address': [] as Buffer[] };
  function refusalBody(who: keyof typeof refusalBodies, retryAfter: number): Buffer {
    return (refusalBodies[who][retryAfter] ??= Buffer.from(
      JSON.stringify({
        error: {
          code: 'rate_limited',
          message: `Too many requests from ${who}: wait ${retryAfter} s (Retry-After) before trying again.`,
        },
      }),
    ));
  }

  /** Counts the request against its client's window, before any body is read, so a flood costs no parsing. */
  // A refusal is returned, not thrown: under a flood it is the hot path, and an Error captures a stack trace.
  function rateLimit(meta: RequestMeta, state: DispatchState, at: number): Response | undefined {
    const limit = state.caller ? perKey.take(state.caller.key.id, at) : perIp.take(meta.clientIp, at);
    state.limit = limit;
    if (limit.allowed) return undefined;
    const body = refusalBody(state.caller ? 'this API key' : 'this address', limit.retryAfter);
    return jsonText(body, { status: 429, headers: { 'Retry-After': String(limit.retryAfter) } });
  }

  /** A present but invalid key is refused everywhere, public endpoints too (contract §5). */
  async function identify(state: DispatchState): Promise<void> {
    const header = state.authorization;
    if (header === null) return;
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    if (!match) {
      throw unauthorized('The Authorization header must be "Bearer <API_KEY>".', 'invalid_request');
    }
    await deps.store.refresh(); // a key issued or revoked a moment ago by the CLI counts at once
    const check = authenticate(deps.store, match[1]!);
    if (!check.ok) {
      const why = {
        malformed: 'is not an API key (check that it was copied whole: dss_ and 38 characters)',
        unknown: 'is not a valid API key',
        revoked: 'has been revoked; use its successor or ask the operator for a new key',
      }[check.reason];
      throw unauthorized(`The key in the Authorization header ${why}.`, 'invalid_token');
    }
    state.caller = check.caller;
  }

  function touchKey(caller: Caller, at: number): void {
    const last = caller.key.last_used_at ? Date.parse(caller.key.last_used_at) : 0;
    if (at - last < LAST_USED_RESOLUTION_MS) return;
    const keyId = caller.key.id;
    const stamp = new Date(at).toISOString();
    // Not awaited: the answer does not wait on bookkeeping.
    deps.store
      .transact((tx) =>
        tx.changeCore((core) => {
          const key = core.keys.find((k) => k.id === keyId);
          if (key) key.last_used_at = stamp;
        }),
      )
      .catch((error: unknown) => deps.log.error('key-last-used', error));
  }

  // dispatch and handle return a Response when they can and a Promise only when they must (a key to check, a
  // handler that waits): a refused or cached answer then costs no promise and no turn of the microtask queue.
  function dispatch(request: Request, meta: RequestMeta, state: DispatchState): Response | Promise<Response> {
    const at = now();
    const pathname = pathnameOf(request.url);
    const match = router.match(request.method, pathname);
    if (match.kind !== 'found') {
      // Unknown paths and wrong methods count too: probing the API is not free.
      const refused = rateLimit(meta, state, at);
      if (refused) return refused;
      if (match.kind === 'not_found') {
        throw new ApiError(
          404,
          'not_found',
          `No API endpoint at ${pathname}. The API is described at /openapi.json.`,
        );
      }
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
    const { access, handle } = matched.handler;
    const proceed = (unauthenticated?: unknown): Response | Promise<Response> => {
      if (access !== 'unlimited') {
        const refused = rateLimit(meta, state, at); // a refused key still counts against its address
        if (refused) return refused;
        if (unauthenticated) throw unauthenticated;
      }
      if (access === 'key' && !state.caller) {
        throw unauthorized(
          'This endpoint needs an API key: send "Authorization: Bearer <API_KEY>". Keys come from the service operator.',
        );
      }
      if (state.caller) touchKey(state.caller, at);
      // Not a lazy getter. With one (an object literal whose getter closed over this request), a 429 flood, whose
      // refusals never reach this line, ran with a young generation of 134 MB instead of 67 and 90 MB of old
      // space instead of 17: RSS +120 MB. Measured; the mechanism in V8 was not found.
      return handle(request, {
        url: new URL(request.url),
        params,
        requestId: meta.requestId,
        clientIp: meta.clientIp,
        caller: state.caller,
        now: new Date(at),
        deps,
      });
    };
    if (access === 'unlimited' || state.authorization === null) return proceed();
    return identify(state).then(
      () => proceed(),
      (error: unknown) => proceed(error),
    );
  }

  /** Never throws: any failure becomes the error envelope, a 500 without its stack trace. */
  function failure(error: unknown, meta: RequestMeta): Response {
    if (error instanceof ApiError) return errorResponse(error);
    deps.log.error(meta.requestId, error);
    return errorResponse(
      new ApiError(
        500,
        'internal',
        `Something went wrong on our side. Quote request id ${meta.requestId} if it persists.`,
      ),
    );
  }

  /** The headers every API answer carries, and its log line. */
  function finish(
    request: Request,
    meta: RequestMeta,
    state: DispatchState,
    response: Response,
    startedAt: number,
  ) {
    if (state.limit) setHeaders(response, state.limit.headers);
    if (state.authorization !== null) setHeaders(response, PRIVATE_HEADERS);
    setHeaders(response, COMMON_HEADERS);
    setHeaders(response, { 'x-request-id': meta.requestId });
    deps.log.request({
      requestId: meta.requestId,
      method: request.method,
      route: state.route,
      status: response.status,
      durationMs: performance.now() - startedAt,
      clientIp: meta.clientIp,
      keyId: state.caller?.key.id ?? null,
    });
    return response;
  }

  return {
    /** Handles one /api/v1 request; never throws, never leaks a stack trace. A Promise only when it must wait. */
    handle(request: Request, meta: RequestMeta): Response | Promise<Response> {
      const startedAt = meta.startedAt ?? performance.now();
      const state: DispatchState = { route: 'unmatched', authorization: headerOf(request, 'authorization') };
      let outcome: Response | Promise<Response>;
      try {
        outcome = dispatch(request, meta, state);
      } catch (error) {
        outcome = failure(error, meta);
      }
      if (!(outcome instanceof Promise)) return finish(request, meta, state, outcome, startedAt);
      return outcome.then(
        (response) => finish(request, meta, state, response, startedAt),
        (error: unknown) => finish(request, meta, state, failure(error, meta), startedAt),
      );
    },
  };
}

function unauthorized(message: string, error?: 'invalid_request' | 'invalid_token'): ApiError {
  // RFC 6750 §3: the challenge says which scheme, and why a token was refused.
  const challenge = error ? `Bearer realm="api", error="${error}"` : 'Bearer realm="api"';
  return new ApiError(401, 'unauthorized', message, { headers: { 'WWW-Authenticate': challenge } });
}

function preflight(allow: string[]): Response {
  return empty({
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
