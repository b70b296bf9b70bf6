// What a lab sees of its own data request, and what the public sees of its demand-board post: each a zod schema
// (which types the view and documents it in OpenAPI) and the function that makes it from the stored record.
import { z } from 'zod';
import type { DataRequestRecord, DemandPostRecord, RequestFacets } from '../../store/records.ts';
import { ALL_DATA_TYPES, ALL_DOMAINS, EXCLUSIVITY, TIMELINE_BANDS, VOLUME_BANDS } from '../vocabulary.ts';

/** A list (a lab's requests, the demand board) shows the newest this many: no answer or page grows with the store. */
export const LIST_LIMIT = 100;

const band = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable();

/** What a request asks for: the request and its anonymised demand post both carry these. */
const facetsShape = {
  data_types: z.array(z.enum(ALL_DATA_TYPES)),
  languages: z.array(z.string()),
  domains: z.array(z.enum(ALL_DOMAINS)),
  volume: band(VOLUME_BANDS),
  timeline: band(TIMELINE_BANDS),
  exclusivity: band(EXCLUSIVITY),
};

export const demandPostSchema = z
  .object({ id: z.string(), ...facetsShape, posted_on: z.iso.date() })
  .meta({ id: 'DemandPost' });

export const labRequestSchema = z
  .object({
    id: z.string(),
    status: z.enum(['received', 'in_review']),
    created_at: z.iso.datetime(),
    reply_due_at: z.iso.datetime().describe('One business day after created_at'),
    ...facetsShape,
    description: z.string(),
    publish_to_demand_board: z.boolean(),
  })
  .meta({ id: 'LabRequest' });

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

export function labView(request: DataRequestRecord): z.output<typeof labRequestSchema> {
  return {
    id: request.id,
    status: request.status,
    created_at: request.created_at,
    reply_due_at: request.reply_due_at,
    ...facets(request),
    description: request.description,
    publish_to_demand_board: request.publish_to_demand_board,
  };
}

/** Contract §5: never the organisation, the account, the free text or the request id. */
export function publicPost(post: DemandPostRecord): z.output<typeof demandPostSchema> {
  return { id: post.id, ...facets(post), posted_on: post.posted_on };
}
