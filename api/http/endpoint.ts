// An endpoint declared once, beside its handler (api/handlers/*.ts): what the pipeline routes and checks, and what
// /openapi.json says of it. The route table (pipeline.ts) and the document (openapi/) are both read from these.
import type { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import type { Handler } from './types.ts';

/**
 * public: anyone, counted per client IP (per key or account when one is sent); key: a lab, by API key or dashboard
 * session; session: a signed-in person (a key is 403); unlimited: neither counted nor required.
 */
export type Access = 'public' | 'key' | 'session' | 'unlimited';

export type JsonSchema = Record<string, unknown>;

/** A literal example, or one made from the site's address when it holds links. */
export type Example = unknown;

export type ResponseDeclaration = {
  status: number;
  description: string;
  /** The JSON body's schema; none for a body-less answer (204). */
  schema?: z.ZodType;
  example?: Example;
  /** Headers this answer adds, by name: their descriptions (string values). */
  headers?: Record<string, string>;
  /** Other media types than JSON, as OpenAPI writes them (a file download). */
  content?: Record<string, unknown>;
};

export type BodyDeclaration = {
  schema: z.ZodType;
  /** An HTML form post is accepted too. */
  form?: boolean;
  /** The body may be left out. */
  optional?: boolean;
  example?: Example;
};

export type Endpoint = {
  method: 'GET' | 'POST' | 'DELETE';
  /** `/api/v1/catalog/:id`: a `:name` segment is a path parameter. */
  path: string;
  handle: Handler;
  access: Access;
  /** The query string's schema: documented as parameters, and the handler parses with it. */
  query?: z.ZodObject;
  /**
   * The handler reads its query string without a schema here (`query` implies it). Every other endpoint takes
   * none, and the pipeline refuses one (422) before the handler runs: an unknown parameter is never silently
   * ignored (contract §9).
   */
  readsQuery?: boolean;
  /** No key or session is read (the token or the body is the credential): security `[{}]`. */
  noCredentials?: boolean;
  /** OpenAPI parameter objects besides the query schema's (path ids, headers, hand-written query). */
  parameters?: JsonSchema[];
  body?: BodyDeclaration;
  responses: ResponseDeclaration[];
  /** The refusals it documents, in the order their descriptions read; shared statuses share a response. */
  errors: ErrorCode[];
  operationId: string;
  summary: string;
  description: string;
  tag: string;
};

/** An event pushed to a lab's webhook endpoints: an OpenAPI 3.1 `webhooks` entry. */
export type EventDeclaration = {
  type: string;
  summary: string;
  description: string;
  schema: z.ZodType;
};

/** Everything the document is made of besides the endpoints' own declarations. */
export type ApiDeclaration = {
  endpoints: readonly Endpoint[];
  events: readonly EventDeclaration[];
  tags: readonly { name: string; description: string }[];
};

/** Whether the pipeline lets the query string through to the handler. */
export const readsQuery = (endpoint: Endpoint): boolean =>
  endpoint.query !== undefined || endpoint.readsQuery === true;
