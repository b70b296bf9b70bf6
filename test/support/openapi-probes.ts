// What a client runs into on each operation of /openapi.json (test/http/openapi-answers.test.ts), sent through the
// walk (openapi-walk.ts), and what of each answer the operation does not document.
import {
  BODIES,
  concrete,
  document,
  idFor,
  MAX_BODY_BYTES,
  nextAddress,
  PUBLIC_PER_MINUTE,
  send,
  type Credentials,
  type Operation,
  type Send,
} from './openapi-walk.ts';

type Answer = { status: number; headers: Headers };
// Said by the media type (OpenAPI ignores a Content-Type header), of the transport, or of caching and content
// sniffing, the same on every answer of its kind: not what a client reads an answer by.
const NOT_DOCUMENTED = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'cache-control',
  'vary',
  'x-content-type-options',
]);

type Probe = {
  what: string;
  credentials: Credentials;
  fresh?: boolean;
  id?: string;
  twice?: boolean;
} & Send & {
    query?: string;
    spend?: boolean;
    /** A download link's token other than the one mailed. */
    token?: string;
  };

/** What a client runs into on this operation. */
export function probesFor(method: string, path: string, operation: Operation): Probe[] {
  const schemes = operation.security.flatMap((s) => Object.keys(s));
  const best: Credentials = schemes.includes('apiKey')
    ? 'key'
    : schemes.includes('session')
      ? 'admin'
      : 'none';
  const body = BODIES[`${method} ${path}`];
  const valid = body ? { body: body() } : {};
  const probes: Probe[] = [
    { what: 'the step itself, twice', credentials: best, fresh: true, twice: true, ...valid },
    ...(['none', 'bad key', 'other scheme', 'key', 'key without NDA', 'admin', 'member'] as const)
      .filter((credentials) => credentials !== best)
      .map((credentials) => ({
        what: `as ${credentials}`,
        credentials,
        fresh: credentials === 'member',
        ...valid,
      })),
    { what: 'an unknown query parameter', credentials: best, query: 'unexpected=1', ...valid },
    { what: 'the public limit spent', credentials: 'none', spend: true, ...valid },
  ];
  if (method !== 'GET') {
    probes.push(
      { what: 'a session without Origin', credentials: 'admin', origin: false, ...valid },
      {
        what: 'text/plain',
        credentials: best,
        raw: { type: 'text/plain', text: JSON.stringify(valid.body ?? {}) },
      },
      { what: 'bad JSON', credentials: best, raw: { type: 'application/json', text: '{"data_types": [' } },
      {
        what: 'too large',
        credentials: best,
        raw: { type: 'application/json', text: JSON.stringify({ description: 'x'.repeat(MAX_BODY_BYTES) }) },
      },
      {
        what: 'an unknown field',
        credentials: best,
        body: { ...(valid.body as object), unexpected_field: 1 },
      },
    );
    const form = new URLSearchParams(
      Object.entries((valid.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    ).toString();
    for (const fromSite of [true, false])
      probes.push({
        what: `a form ${fromSite ? 'from the site' : 'without Origin'}`,
        credentials: best,
        origin: fromSite,
        raw: { type: 'application/x-www-form-urlencoded', text: form },
      });
  }
  if (path.includes('{id}'))
    probes.push({ what: 'an id that is not there', credentials: best, id: 'zzz_not_there', ...valid });
  if (path.endsWith('/download'))
    probes.push({ what: 'a forged link', credentials: 'none', token: 'not-a-token' });
  if (method === 'POST' && path === '/api/v1/samples/{id}')
    probes.push({ what: 'a listing without a sample', credentials: 'key', id: 'fr-travel-booking-calls' });
  return probes;
}

export async function run(method: string, path: string, probe: Probe): Promise<Answer[]> {
  const id = probe.id ?? (path.includes('{id}') ? await idFor(path, probe.fresh === true) : '');
  let url = concrete(path, id, probe.token);
  if (probe.query) url += (url.includes('?') ? '&' : '?') + probe.query;
  const address = probe.spend ? nextAddress() : undefined;
  if (address)
    for (let i = 0; i < PUBLIC_PER_MINUTE; i++) await send('GET', '/api/v1/catalog', 'none', { address });
  const answers: Answer[] = [];
  for (let i = 0; i < (probe.twice ? 2 : 1); i++) {
    const response = await send(method, url, probe.credentials, { ...probe, address });
    await response.arrayBuffer();
    answers.push({ status: response.status, headers: response.headers });
  }
  return answers;
}

export const operationsOfDocument = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );

/** What in an answer the operation does not document: its status, or each header it carries. */
export function undocumentedIn(operation: Operation, answer: Answer, where: string): string[] {
  const documented = operation.responses[String(answer.status)];
  if (!documented) return [`${where} is not documented`];
  const named = new Set(Object.keys(documented.headers ?? {}).map((name) => name.toLowerCase()));
  return [...answer.headers.keys()]
    .filter((name) => !NOT_DOCUMENTED.has(name) && !named.has(name))
    .map((name) => `${where} carries ${name}, undocumented`);
}
