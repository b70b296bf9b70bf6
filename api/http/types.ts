// The types every part of the API core shares: what a handler is given, and what it gives back.
import type { AfterAnswer } from '../after-answer.ts';
import type { Config } from '../config.ts';
import type { Caller } from '../domain/labs/caller.ts';
import type { Catalog } from '../domain/listings/catalog.ts';
import type { LinkSigner } from '../domain/samples/links.ts';
import type { SecretBox } from '../domain/webhooks/secrets.ts';
import type { Store } from '../store/store.ts';
import type { RateLimitDecision, RateLimiter } from './rate-limit.ts';
import type { RequestLog } from './log.ts';
import type { Params } from './router.ts';

/** The API's rate limits (limits.ts): counted in this process, or in Redis shared by every instance. */
export type Limits = {
  /** Counts one request; `keyId`: the key it was made with, if any. */
  take(clientIp: string, keyId: string | undefined, at: number): Promise<RateLimitDecision>;
  close(): Promise<void>;
};

export type Deps = {
  config: Config;
  catalog: Catalog;
  store: Store;
  log: RequestLog;
  /** Checks sample download links; absent, the download endpoint answers 503. */
  signer?: LinkSigner;
  /** Seals webhook signing secrets; absent, making a webhook endpoint answers 503. */
  secrets?: SecretBox;
  /** Asks for a background pass soon (sample links, then mail), without waiting for it. */
  background?: { kick(): void };
  now?: () => number;
  /** The rate limits, when the server shares them with its pages; made from the config otherwise. */
  limits?: Limits;
  /** Sign-in links per client address, one counter per process for the API and the pages; made here otherwise. */
  signinLimiter?: RateLimiter;
  /** Work the answer does not wait for (api/after-answer.ts); without it, done before answering. */
  afterAnswer?: AfterAnswer;
};

export type Context = {
  url: URL;
  params: Params;
  requestId: string;
  clientIp: string;
  /** The lab behind a valid key or session, or undefined for a public request. */
  caller: Caller | undefined;
  now: Date;
  deps: Deps;
  /** This request's rate-limit decision (GET /api/v1/me shows it). */
  limit?: RateLimitDecision;
};

/**
 * An answer as plain values: the pipeline adds its headers to the record, the node adapter writes it as it is,
 * and `Api.fetch` turns it into a web Response. (A web Response per answer cost more than a whole bare-server
 * answer: see README, "Speed".)
 */
export type Reply = {
  status: number;
  /** Header names in lower case, as they go on the wire. */
  headers: Record<string, string>;
  body: string | Uint8Array | ReadableStream<Uint8Array> | null;
};

/**
 * What the core reads of a request. A web Request is one; the node adapter gives just these four members, over
 * node's own parsed request, because a whole web Request per request (its Headers, its AbortSignal) cost a 429
 * flood 15–20% of its answers a second (measured: see README, "Speed").
 */
export type ApiRequest = {
  readonly method: string;
  /** Absolute: `http://localhost` and the path as received. */
  readonly url: string;
  readonly headers: Pick<Headers, 'get' | 'has'>;
  readonly body: ReadableStream<Uint8Array> | null;
};

export type Handler = (request: ApiRequest, context: Context) => Reply | Promise<Reply>;

/** What the transport in front knows about the connection. */
export type RequestMeta = {
  clientIp: string;
  requestId: string;
  startedAt?: number;
  /** The door a request came through when it is not HTTP: `mcp` for an MCP tool call. Written to the log line. */
  via?: 'mcp';
};
