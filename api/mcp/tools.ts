// The MCP tools (contract §12): each one an endpoint of /api/v1, its input schema the endpoint's zod schema, its
// result the endpoint's JSON. Public tools work without a key; keyed ones send the caller's key, and without one
// the endpoint's 401 comes back as the tool's error.
import { z } from 'zod';
import { ndaStatement, ndaStatementSchema } from '../domain/labs/nda-statement.ts';
import { catalogQuerySchema } from '../domain/listings/catalog.ts';
import { listingId } from '../domain/listings/listing-schema.ts';
import { dataRequestSchema } from '../domain/requests/request-schema.ts';
import { catalogListSchema, listingResponseSchema } from '../handlers/catalog.ts';
import { demandListSchema, demandQuerySchema } from '../handlers/demand.ts';
import { meResponseSchema } from '../handlers/me.ts';
import {
  createdRequestSchema,
  labRequestListSchema,
  labRequestResponseSchema,
  requestListQuerySchema,
} from '../handlers/requests.ts';
import { sampleAcceptedSchema, sampleListQuerySchema, sampleRequestListSchema } from '../handlers/samples.ts';
import { stringArguments, segment, withQuery, type Args } from './arguments.ts';
import { checkUseTool } from './check-use-tool.ts';
import { refusal, type ApiAnswer, type Door } from './door.ts';
import { idempotencyKeyArgument, withIdempotencyKey } from './idempotency-argument.ts';
import { sendRequestMessageTool } from './thread-tools.ts';
import { READ, tool, type Tool } from './tool.ts';

export type { Tool };

const noArguments = z.strictObject({});

/** A GET of `path` with no arguments: anything given is refused, as the input schema says. */
const getWithoutArguments = (path: string) => (args: Args, door: Door) => {
  const checked = stringArguments(args, []);
  return checked.ok ? door.call({ method: 'GET', path }) : Promise.resolve(checked.answer);
};

// The request body, plus the endpoint's Idempotency-Key header as an argument (idempotency-argument.ts).
const submitInput = dataRequestSchema.extend({
  idempotency_key: idempotencyKeyArgument('stores nothing new and answers the first result'),
});

/** POST /api/v1/requests, the body's fields sorted: the endpoint compares a retry's body as text. */
const submitRequest = (args: Args, door: Door) =>
  withIdempotencyKey(args, (body, headers) => {
    // Arguments in another order are still the same request.
    const sorted = Object.fromEntries(Object.entries(body).sort(([a], [b]) => (a < b ? -1 : 1)));
    return door.call({ method: 'POST', path: '/api/v1/requests', body: sorted, headers });
  });

/** POST /api/v1/samples/{listing_id}, with no body. */
const askForSample = (args: Args, door: Door) =>
  withIdempotencyKey(args, (rest, headers) => {
    const checked = stringArguments(rest, ['listing_id'], ['listing_id', 'idempotency_key']);
    if (!checked.ok) return Promise.resolve(checked.answer);
    const path = `/api/v1/samples/${segment(checked.values.listing_id)}`;
    return door.call({ method: 'POST', path, headers });
  });

/** A page's summary, saying when more pages follow and how to read them: else an agent takes a page for the whole. */
const paged =
  <B extends { count: number; next_cursor: string | null }>(summary: (body: B) => string) =>
  (body: B) => {
    if (body.next_cursor === null) return summary(body);
    const more = `call again with the same arguments and cursor "${body.next_cursor}"`;
    // A filtered page reads a bounded stretch of the list, so it may hold none and still not be the last.
    return body.count === 0
      ? `None on this page; more follow: ${more}.`
      : `${summary(body)} More follow: ${more}.`;
  };

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const upTo = <T>(items: T[], show: (item: T) => string, max = 10) =>
  items.slice(0, max).map(show).join('; ') + (items.length > max ? `; and ${items.length - max} more` : '');

export const TOOLS: readonly Tool[] = [
  tool({
    name: 'search_catalog',
    title: 'Search the catalogue',
    description:
      'Find licensable datasets: filter by vertical, status, language, geography (a country), domain, data_type and modality (comma-separated values are alternatives), search free text (q: any word may match, listings matching more words first; languages and countries by name or code; British or American spelling), and sort (relevance, updated, size, title). When nothing matches, the nearest listings are named. Use it first, to get listing ids for get_listing, request_sample or a data request.',
    keyed: false,
    endpoint: 'GET /api/v1/catalog',
    input: catalogQuerySchema,
    output: catalogListSchema,
    annotations: { ...READ, title: 'Search the catalogue' },
    run: (args, door) => door.call({ method: 'GET', path: withQuery('/api/v1/catalog', args) }),
    summary: ({ data, count, nearest }) =>
      count === 0
        ? `No listing matches; try fewer filters or other words.${nearest?.length ? ` Nearest: ${upTo(nearest, (l) => `${l.id} (${l.title})`)}.` : ''}`
        : `${plural(count, 'listing')} match: ${upTo(data, (l) => `${l.id} (${l.title}, ${l.status})`)}.`,
  }),
  tool({
    name: 'get_listing',
    title: 'Get one listing',
    description:
      "One listing's public fields by id. With an API key whose organisation has accepted the NDA, also the owner, the de-identification report and the exact composition (each disclosure is audited).",
    keyed: false,
    endpoint: 'GET /api/v1/catalog/{id}',
    input: z.strictObject({ id: listingId.describe('A listing id, as search_catalog gives them') }),
    output: listingResponseSchema,
    annotations: { ...READ, title: 'Get one listing' },
    run: (args, door) => {
      const checked = stringArguments(args, ['id']);
      if (!checked.ok) return Promise.resolve(checked.answer);
      return door.call({ method: 'GET', path: `/api/v1/catalog/${segment(checked.values.id)}` });
    },
    summary: ({ data }) =>
      `${data.title} (${data.id}): ${data.size_band}, ${data.geography}, status ${data.status}. ` +
      (data.owner
        ? 'NDA-only fields included: owner, deidentification_report, composition.'
        : 'Public fields only: the NDA-only fields need a key whose organisation has accepted the NDA.'),
  }),
  checkUseTool,
  tool({
    name: 'list_demand',
    title: 'Read the demand board',
    description:
      'What data labs are asking for, anonymised, newest first; filter by data type, language, domain, and volume or timeline bands (compared normalised, e.g. volume "1-10 TB"). Pages of up to 100: pass next_cursor back as cursor. Use it to see demand before submitting a request of your own.',
    keyed: false,
    endpoint: 'GET /api/v1/demand',
    input: demandQuerySchema,
    output: demandListSchema,
    annotations: { ...READ, title: 'Read the demand board' },
    run: (args, door) => door.call({ method: 'GET', path: withQuery('/api/v1/demand', args) }),
    summary: paged(({ data, count }) =>
      count === 0
        ? 'No post on the demand board matches.'
        : `${plural(count, 'post')} on the demand board, newest first: ${upTo(data, (p) => `${p.data_types.join(', ')} (${p.posted_on})`, 5)}.`,
    ),
  }),
  tool({
    name: 'get_nda',
    title: 'How the sample NDA works',
    description:
      'How an organisation accepts the sample NDA today and what acceptance opens (NDA-only listing fields, sample requests). Use it when a tool answers nda_required.',
    keyed: false,
    endpoint: null,
    input: noArguments,
    output: ndaStatementSchema,
    annotations: { ...READ, title: 'How the sample NDA works' },
    run: async (args, door) => {
      const checked = stringArguments(args, []);
      return checked.ok ? { status: 200, body: ndaStatement(door.site) } : checked.answer;
    },
    summary: () =>
      'The NDA: where it is published (version and SHA-256), how an admin accepts it from the dashboard, and what acceptance opens: NDA-only fields and sample requests.',
  }),
  tool({
    name: 'get_me',
    title: 'Who am I',
    description:
      "The organisation and key behind your API key, and your organisation's NDA state. Needs an API key; use it to check the key works and whether the NDA is accepted.",
    keyed: true,
    endpoint: 'GET /api/v1/me',
    input: noArguments,
    output: meResponseSchema,
    annotations: { ...READ, title: 'Who am I' },
    run: getWithoutArguments('/api/v1/me'),
    summary: ({ data }) =>
      `${data.key ? `Key ${data.key.id}` : `Account ${data.account?.id}`} of ${data.organisation.name} (${data.organisation.id}); NDA ${data.nda.state}.`,
  }),
  tool({
    name: 'submit_data_request',
    title: 'Submit a data request',
    description:
      'Ask for data you need: data types and a description are required; languages, domains, volume and timeline bands, exclusivity and publishing an anonymised post to the demand board are optional. Pass an idempotency_key (a new UUID) and, if a call fails without an answer, retry it with the same key and arguments: the request is stored once. Needs an API key; a sourcing lead replies within one business day.',
    keyed: true,
    endpoint: 'POST /api/v1/requests',
    input: submitInput,
    output: createdRequestSchema,
    annotations: {
      title: 'Submit a data request',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    },
    run: submitRequest,
    summary: ({ data }) =>
      `Data request ${data.id} stored, status ${data.status}; a sourcing lead replies within one business day. get_request follows it up. ` +
      (data.matches.length
        ? `Catalogue listings that fit, best first: ${data.matches.map((m) => `${m.listing_id} (matches ${m.matched.join(', ')})`).join('; ')}.`
        : 'No catalogue listing has the data type asked for.'),
  }),
  tool({
    name: 'list_my_requests',
    title: 'List your data requests',
    description:
      "Your organisation's data requests, newest first, with their status (received, in_review, proposal_sent, closed); filter by status, page with limit and cursor. Needs an API key.",
    keyed: true,
    endpoint: 'GET /api/v1/requests',
    input: requestListQuerySchema,
    output: labRequestListSchema,
    annotations: { ...READ, title: 'List your data requests' },
    run: (args, door) => door.call({ method: 'GET', path: withQuery('/api/v1/requests', args) }),
    summary: paged(({ data, count }) =>
      count === 0
        ? 'No data request of your organisation matches.'
        : `${plural(count, 'data request')}, newest first: ${upTo(data, (r) => `${r.id} (${r.status})`)}.`,
    ),
  }),
  tool({
    name: 'get_request',
    title: 'Get one of your data requests',
    description:
      'One of your data requests by id: what it asks for, its status and when a reply is due. Needs an API key.',
    keyed: true,
    endpoint: 'GET /api/v1/requests/{id}',
    input: z.strictObject({
      id: z
        .string()
        .describe('A data request id (req_…), as submit_data_request or list_my_requests give it'),
    }),
    output: labRequestResponseSchema,
    annotations: { ...READ, title: 'Get one of your data requests' },
    run: (args, door) => {
      const checked = stringArguments(args, ['id']);
      if (!checked.ok) return Promise.resolve(checked.answer);
      return door.call({ method: 'GET', path: `/api/v1/requests/${segment(checked.values.id)}` });
    },
    summary: ({ data }) =>
      `Data request ${data.id}: ${data.status}${data.outcome ? ` (${data.outcome})` : ''}, reply due by ${data.reply_due_at}; ${plural(data.events.length, 'event')}, the last: ${data.events.at(-1)?.message ?? data.events.at(-1)?.status}.`,
  }),
  sendRequestMessageTool,
  tool({
    name: 'request_sample',
    title: 'Ask for a sample',
    description:
      "Ask for a sample of a listing. Needs an API key and an accepted NDA (else nda_required: see get_nda); once the account and the NDA are verified, an expiring download link is mailed to the account's contact. Pass an idempotency_key (a new UUID) and, if a call fails without an answer, retry it with the same key and arguments: the sample is asked for once.",
    keyed: true,
    endpoint: 'POST /api/v1/samples/{id}',
    input: z.strictObject({
      listing_id: listingId.describe('The listing id, as search_catalog gives them'),
      idempotency_key: idempotencyKeyArgument('asks for nothing new and answers the first result'),
    }),
    output: sampleAcceptedSchema,
    // Not idempotent by itself: once a link is sent, asking again is a new sample request (counted, mailed).
    annotations: {
      title: 'Ask for a sample',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    },
    run: askForSample,
    summary: ({ id }) =>
      `Sample request ${id} asked for: pending verification. Once the account and the NDA acceptance are verified, an expiring link is mailed to the account's contact; list_sample_requests shows its status.`,
  }),
  tool({
    name: 'list_sample_requests',
    title: 'List your sample requests',
    description:
      "Your organisation's sample requests, newest first: pending verification, link sent (and when it expires) or rejected (and why). Needs an API key.",
    keyed: true,
    endpoint: 'GET /api/v1/sample-requests',
    input: sampleListQuerySchema,
    output: sampleRequestListSchema,
    annotations: { ...READ, title: 'List your sample requests' },
    run: (args, door) => door.call({ method: 'GET', path: withQuery('/api/v1/sample-requests', args) }),
    summary: paged(({ data, count }) =>
      count === 0
        ? 'Your organisation has no sample requests yet.'
        : `${plural(count, 'sample request')}, newest first: ${upTo(data, (s) => `${s.listing_id} (${s.status})`)}.`,
    ),
  }),
];
