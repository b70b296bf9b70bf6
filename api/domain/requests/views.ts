// What a lab sees of its own data request, and what the public sees of its demand-board post: each a zod schema
// (which types the view and documents it in OpenAPI) and the function that makes it from the stored record.
// Records stored before the lifecycle (contract §9) lack its fields: they are mapped here, on read.
import { z } from 'zod';
import type {
  DataRequestRecord,
  DemandPostRecord,
  RequestEvent,
  RequestFacets,
  RequestMessage,
} from '../../store/records.ts';
import {
  ALL_DATA_TYPES,
  ALL_DOMAINS,
  EXCLUSIVITY,
  REQUEST_OUTCOMES,
  REQUEST_STATUSES,
} from '../vocabulary.ts';
import { rangeOf, type Range } from './bands.ts';

/** The most a page may hold (`limit`), and what the /demand/ page shows. */
export const LIST_LIMIT = 100;
/** A page's size when `limit` is not given. */
export const DEFAULT_PAGE = 50;

export const rangeSchema = z
  .object({
    min: z.number().min(0),
    max: z.number().nullable().describe('null for an open band ("10+ TB")'),
    unit: z
      .enum(['bytes', 'hours', 'studies', 'images', 'series', 'records', 'calls', 'days'])
      .describe('bytes for sizes (1 TB = 10^12), a count for amounts, days for durations (a month is 30)'),
  })
  .meta({ id: 'BandRange' });

/** What a request asks for: the request and its anonymised demand post both carry these. */
const facetsShape = {
  data_types: z.array(z.enum(ALL_DATA_TYPES)),
  languages: z.array(z.string()),
  domains: z.array(z.enum(ALL_DOMAINS)),
  volume: z.string().nullable().describe('As written, e.g. "5-20 TB"'),
  timeline: z.string().nullable().describe('As written, e.g. "3 months"'),
  exclusivity: z.enum(EXCLUSIVITY).nullable(),
};

export const demandPostSchema = z
  .object({ id: z.string(), ...facetsShape, posted_on: z.iso.date() })
  .meta({ id: 'DemandPost' });

export const matchSchema = z
  .object({
    listing_id: z.string(),
    title: z.string(),
    url: z.url().describe('The listing page'),
    matched: z
      .array(z.enum(['data_type', 'language', 'domain', 'geography', 'volume']))
      .describe('What the listing meets of the request'),
    missing: z
      .array(z.enum(['data_type', 'language', 'domain', 'geography', 'volume']))
      .describe('What the request asks that the listing does not meet'),
    fit: z
      .object({
        fits: z.boolean(),
        reasons: z.array(z.object({ field: z.string(), says: z.string() })),
      })
      .optional()
      .describe(
        "Only when the request carries intended_use: whether that use fits this listing's licence, and each term that refuses it",
      ),
  })
  .meta({ id: 'RequestMatch' });

export const requestEventSchema = z
  .object({
    at: z.iso.datetime(),
    status: z.enum(REQUEST_STATUSES).describe('The status from then on'),
    message: z.string().nullable().describe("The sourcing lead's words, if any"),
  })
  .meta({ id: 'RequestEvent' });

export const labRequestSchema = z
  .object({
    id: z.string(),
    status: z.enum(REQUEST_STATUSES).describe('received → in_review → proposal_sent → closed, forward only'),
    outcome: z.enum(REQUEST_OUTCOMES).nullable().describe('Set when closed'),
    created_at: z.iso.datetime(),
    reply_due_at: z.iso.datetime().describe('One business day after created_at'),
    ...facetsShape,
    volume_range: rangeSchema.nullable().describe('The volume normalised'),
    timeline_range: rangeSchema.nullable().describe('The timeline normalised'),
    listing_id: z.string().nullable(),
    description: z.string(),
    publish_to_demand_board: z.boolean(),
    intended_use: z
      .object({
        purposes: z.array(z.string()),
        commercial: z.boolean().optional(),
        territories: z.array(z.string()).optional(),
        term_months: z.int().optional(),
      })
      .nullable()
      .describe('How the data would be used, normalised; null when not given'),
  })
  .meta({ id: 'LabRequest' });

export const requestMessageSchema = z
  .object({
    id: z.string(),
    from: z.enum(['lab', 'sourcing']).describe('lab: your organisation; sourcing: our sourcing team'),
    body: z.string(),
    at: z.iso.datetime(),
    author: z.string().optional().describe('Who of the sourcing team wrote it (from: sourcing only)'),
  })
  .meta({ id: 'RequestMessage' });

/** A message of the thread as the lab reads it: the team's author by name, the lab's own without one. */
export function labMessageView(message: RequestMessage): z.output<typeof requestMessageSchema> {
  const { id, from, body, at } = message;
  return from === 'sourcing'
    ? { id, from, body, at, author: message.author_name ?? 'Sourcing team' }
    : { id, from, body, at };
}

export const labRequestDetailSchema = labRequestSchema
  .extend({
    events: z.array(requestEventSchema).describe('Oldest first: creation, each move and each reply'),
    messages: z
      .array(requestMessageSchema)
      .describe("The thread, oldest first: your organisation's messages and the sourcing team's replies"),
    matches: z.array(matchSchema).max(5).describe('Public listings that fit, best first'),
  })
  .meta({ id: 'LabRequestDetail' });

/** What a request asks for, and nothing else: the part a demand post may show. */
export const facets = ({
  data_types,
  languages,
  domains,
  volume,
  timeline,
  exclusivity,
}: RequestFacets): RequestFacets => ({
  data_types,
  languages,
  domains,
  volume,
  timeline,
  exclusivity,
});

/** The normalised bands, stored or (old records) parsed from the written text. */
export function ranges(record: RequestFacets): { volume_range: Range | null; timeline_range: Range | null } {
  return {
    volume_range: record.volume_range ?? (record.volume ? rangeOf('volume', record.volume) : null),
    timeline_range: record.timeline_range ?? (record.timeline ? rangeOf('timeline', record.timeline) : null),
  };
}

/** The request's history; an old record's is what its fields imply (created, and replied if it was). */
export function eventsOf(request: DataRequestRecord): RequestEvent[] {
  if (request.events) return request.events;
  const events: RequestEvent[] = [{ at: request.created_at, status: 'received', message: null }];
  if (request.replied_at) events.push({ at: request.replied_at, status: 'in_review', message: null });
  return events;
}

export function labView(request: DataRequestRecord): z.output<typeof labRequestSchema> {
  return {
    id: request.id,
    status: request.status,
    outcome: request.outcome ?? null,
    created_at: request.created_at,
    reply_due_at: request.reply_due_at,
    ...facets(request),
    ...ranges(request),
    listing_id: request.listing_id ?? null,
    description: request.description,
    publish_to_demand_board: request.publish_to_demand_board,
    intended_use: request.intended_use ?? null,
  };
}

export function labDetailView(request: DataRequestRecord): z.output<typeof labRequestDetailSchema> {
  return {
    ...labView(request),
    events: eventsOf(request),
    messages: (request.messages ?? []).map(labMessageView),
    matches: request.matches ?? [],
  };
}

/** Contract §5: never the organisation, the account, the free text or the request id. */
export function publicPost(post: DemandPostRecord): z.output<typeof demandPostSchema> {
  return { id: post.id, ...facets(post), posted_on: post.posted_on };
}
