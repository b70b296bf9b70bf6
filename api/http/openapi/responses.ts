// An operation's responses: its declared answers, and its refusals by status from the ERROR_CODES table.
import { ERROR_CODES, type ErrorCode } from '../../errors.ts';
import type { ResponseDeclaration } from '../endpoint.ts';
import { errorSchema } from '../error-schema.ts';
import type { Components } from './components.ts';
import { ERROR_HEADERS, EVERY_ANSWER, headersOf, RATE_HEADERS } from './headers.ts';

const describeError = (code: ErrorCode) => `${code}: ${ERROR_CODES[code].when}. ${ERROR_CODES[code].todo}`;

/** Refusals by status; codes that share a status (403) share its response, described in the order given. */
export function errorResponses(components: Components, codes: readonly ErrorCode[]) {
  const byStatus = Map.groupBy(codes, (code) => ERROR_CODES[code].status);
  return Object.fromEntries(
    [...byStatus].map(([status, shared]) => [
      status,
      {
        description: shared.map(describeError).join(' '),
        headers: {
          ...RATE_HEADERS,
          ...EVERY_ANSWER,
          ...Object.assign({}, ...shared.map((code) => ERROR_HEADERS[code])),
        },
        content: { 'application/json': { schema: components.ref(errorSchema) } },
      },
    ]),
  );
}

/** `counted`: the answer carries this request's rate-limit headers (every endpoint but the unlimited). */
export function answer(
  components: Components,
  declared: ResponseDeclaration,
  site: URL,
  counted: boolean,
): Record<string, unknown> {
  const { description, schema, example, content } = declared;
  // Every 503 carries Retry-After, the health check's included (the pipeline adds it).
  const retry = declared.status === 503 ? ERROR_HEADERS.unavailable : {};
  const headers = {
    ...(counted ? RATE_HEADERS : {}),
    ...EVERY_ANSWER,
    ...retry,
    ...headersOf(declared.headers),
  };
  const json = schema && {
    'application/json': {
      schema: components.ref(schema),
      ...(example === undefined ? {} : { example: exampleFor(example, site) }),
    },
  };
  return {
    description,
    headers,
    ...(json || content ? { content: { ...json, ...content } } : {}),
  };
}

/** An example is a value, or a function of the site's address when it holds links. */
export const exampleFor = (example: unknown, site: URL): unknown =>
  typeof example === 'function' ? (example as (site: URL) => unknown)(site) : example;
