// The API core: a request in (a web Request or the node adapter's view of one), a reply out, for every /api/v1 request. It routes, identifies the caller,
// counts the request against its limit, runs the handler, turns any failure into the error envelope, adds the
// headers every API answer carries, and writes the log line. Knows nothing of Astro or node:http.
import { limitIdOf, type Caller } from '../domain/labs/caller.ts';
import { DomainError } from '../errors.ts';
import { StoreUnavailableError } from '../store/store-errors.ts';
import {
  callerOf,
  checkSessionOrigin,
  requireLab,
  requireSession,
  sessionCallerOf,
} from './authentication.ts';
import { createLimits, rateLimited } from './limits.ts';
import { createRateLimiter } from './rate-limit.ts';
import { countedByAddress } from './address-bucket.ts';
import { SIGNIN_LINKS_PER_IP } from '../domain/labs/signin.ts';
import type { RateLimitDecision } from './rate-limit.ts';
import { empty, errorReply, toResponse } from './responses.ts';
import { readsQuery, type Endpoint } from './endpoint.ts';
import { createRouter } from './router.ts';
import type { ApiRequest, Deps, Reply, RequestMeta } from './types.ts';
import { noQuery } from './validation.ts';

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'RateLimit, RateLimit-Policy, Retry-After, X-Request-Id, WWW-Authenticate',
};

// An answer to a request with a key may hold what only that lab may see: no shared cache may keep it.
const PRIVATE_HEADERS = { 'cache-control': 'private, no-store', vary: 'Authorization' };
const SESSION_HEADERS = { 'cache-control': 'private, no-store', vary: 'Authorization, Cookie' };

// What a 503 that names no time of its own asks a client to wait.
const UNAVAILABLE_RETRY_SECONDS = 2;

// A key's last use is written at most this often: a write per request would cost more than it tells.
const LAST_USED_RESOLUTION_MS = 60 * 60 * 1000;

// A store that cannot be reached or written (PostgreSQL away, a read-only disk) is a condition to fix, not a bug:
// logged by its message, without a stack; the bookkeeping writes (a key's last use, a session's) too.
const withoutStackIfAway = (error: unknown) =>
  error instanceof StoreUnavailableError ? error.message : error;

export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/v1/') || pathname === '/api/v1';
}

/** What the pipeline learnt about a request, kept even when it fails: for the headers and the log line. */
type Trace = { route: string; caller?: Caller; limit?: RateLimitDecision; session?: boolean };

/** `endpoints`: every endpoint, as the handlers declare them (api/handlers/endpoints.ts, from the composition). */
export function createApi(deps: Deps, endpoints: readonly Endpoint[]) {
  const now = deps.now ?? Date.now;
  const router = createRouter(endpoints.map((endpoint) => ({ ...endpoint, handler: endpoint })));
  const limits = deps.limits ?? createLimits(deps.config, deps.log);
  deps = {
    ...deps,
    signinLimiter: deps.signinLimiter ?? countedByAddress(createRateLimiter(SIGNIN_LINKS_PER_IP)),
  };

  async function dispatch(request: ApiRequest, meta: RequestMeta, trace: Trace): Promise<Reply> {
    const at = now();
    const url = new URL(request.url);
    const match = router.match(request.method, url.pathname);
    if (match.kind !== 'found') {
      // Unknown paths and wrong methods count too: probing the API is not free.
      trace.limit = await limits.take(meta.clientIp, undefined, at);
      if (!trace.limit.allowed) return rateLimited(trace.limit, false);
      if (request.method === 'OPTIONS' && match.kind === 'method_not_allowed') return preflight(match.allow);
      throw match.kind === 'not_found'
        ? new DomainError(
            'not_found',
            `No API endpoint at ${url.pathname}. The API is described at /openapi.json.`,
          )
        : new DomainError(
            'method_not_allowed',
            `${request.method} is not allowed here; use ${match.allow.join(', ')}.`,
            {
              headers: { Allow: match.allow.join(', ') },
            },
          );
    }
    const { route, params } = match;
    trace.route = `${route.method} ${route.path}`;
    const { access, handle } = route.handler;
    const authorization = request.headers.get('authorization');
    const atDate = new Date(at);
    if (access === 'unlimited') {
      // Not counted, but a key that is present must still be valid: 401 on every endpoint (contract §5).
      if (authorization !== null) trace.caller = await callerOf(authorization, deps.store, atDate);
    } else {
      // The limit is counted before an invalid key is refused: a flood of bad keys is still a flood.
      let refusedKey: unknown;
      if (authorization !== null) {
        try {
          trace.caller = await callerOf(authorization, deps.store, atDate);
        } catch (error) {
          // A store that cannot be asked about the key is no reason to count the key's lab against its IP.
          if (error instanceof StoreUnavailableError) throw error;
          refusedKey = error;
        }
      } else if (request.headers.has('cookie')) {
        // No key: the dashboard's session cookie, if it names a live session (contract §8).
        const onError = (error: unknown) => deps.log.error('session-last-seen', withoutStackIfAway(error));
        trace.caller = await sessionCallerOf(request, deps.store, deps.config.siteUrl, atDate, onError);
        trace.session = Boolean(trace.caller);
      }
      trace.limit = await limits.take(meta.clientIp, trace.caller && limitIdOf(trace.caller), at);
      if (!trace.limit.allowed) return rateLimited(trace.limit, Boolean(trace.caller));
      if (refusedKey) throw refusedKey;
      if (trace.session) checkSessionOrigin(request, deps.config.siteUrl, access !== 'session');
      if (access === 'key') requireLab({ caller: trace.caller });
      if (access === 'session') requireSession({ caller: trace.caller });
      if (trace.caller?.key) touchKey(trace.caller.key, at);
    }
    if (!readsQuery(route.handler) && url.search) noQuery(url.searchParams);
    return handle(request, {
      url,
      params,
      requestId: meta.requestId,
      clientIp: meta.clientIp,
      caller: trace.caller,
      now: atDate,
      deps,
      limit: trace.limit,
    });
  }

  function touchKey(key: NonNullable<Caller['key']>, at: number): void {
    if (key.last_used_at && at - Date.parse(key.last_used_at) < LAST_USED_RESOLUTION_MS) return;
    const stamp = new Date(at).toISOString();
    // Not awaited: the answer does not wait on bookkeeping.
    deps.store
      .transact((tx) => tx.update('keys', key.id, { last_used_at: stamp }))
      .catch((error: unknown) => deps.log.error('key-last-used', withoutStackIfAway(error)));
  }

  /** Never throws: any failure becomes the error envelope, a 500 without its stack trace. */
  function failure(error: unknown, meta: RequestMeta): Reply {
    if (error instanceof DomainError) return errorReply(error);
    deps.log.error(meta.requestId, withoutStackIfAway(error));
    if (error instanceof StoreUnavailableError) {
      const retryAfter = String(error.retryAfterSeconds);
      const message = `The service cannot store anything right now; nothing was stored. Retry in ${retryAfter} s (Retry-After).`;
      return errorReply(new DomainError('unavailable', message, { headers: { 'Retry-After': retryAfter } }));
    }
    return errorReply(
      new DomainError(
        'internal',
        `Something went wrong on our side. Quote request id ${meta.requestId} if it persists.`,
      ),
    );
  }

  async function handle(request: ApiRequest, meta: RequestMeta): Promise<Reply> {
    const startedAt = meta.startedAt ?? performance.now();
    const trace: Trace = { route: 'unmatched' };
    let reply: Reply;
    try {
      reply = await dispatch(request, meta, trace);
    } catch (error) {
      reply = failure(error, meta);
    }
    const headers = reply.headers;
    // Every 503 says when to come back (RFC 9110 §10.2.3), the health check's too: monitors and clients back off.
    if (reply.status === 503 && !Object.keys(headers).some((name) => /^retry-after$/i.test(name)))
      headers['retry-after'] = String(UNAVAILABLE_RETRY_SECONDS);
    // A 429 from another quota (samples a day, links an address) reports that quota, not this window.
    if (trace.limit) for (const [name, value] of Object.entries(trace.limit.headers)) headers[name] ??= value;
    if (request.headers.has('authorization')) Object.assign(headers, PRIVATE_HEADERS);
    else if (trace.session) Object.assign(headers, SESSION_HEADERS);
    Object.assign(headers, COMMON_HEADERS);
    headers['x-request-id'] = meta.requestId;
    deps.log.request({
      requestId: meta.requestId,
      method: request.method,
      route: trace.route,
      status: reply.status,
      durationMs: performance.now() - startedAt,
      clientIp: meta.clientIp,
      keyId: trace.caller?.key?.id ?? null,
      via: meta.via,
    });
    return reply;
  }

  return {
    /** Answers one /api/v1 request; never throws, never leaks a stack trace. */
    handle,
    /** The same, as a web Response: for callers that speak fetch (tests, agents). */
    async fetch(request: Request, meta: RequestMeta): Promise<Response> {
      return toResponse(await handle(request, meta));
    },
    /** Lets go of what the limits hold (a Redis connection). */
    close: () => limits.close(),
  };
}

export type Api = ReturnType<typeof createApi>;

function preflight(allow: string[]): Reply {
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
