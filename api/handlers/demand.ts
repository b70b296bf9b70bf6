// GET /api/v1/demand: the public demand board, anonymised (contract §5), newest first, paged (contract §9) and
// filtered by data type, language, domain, and volume and timeline in their normalised form.
import { z } from 'zod';
import { demandFilterShape, demandPage } from '../domain/requests/demand-board.ts';
import { demandPostSchema, publicPost } from '../domain/requests/views.ts';
import type { Endpoint } from '../http/endpoint.ts';
import { PAGING_NOTE } from '../http/openapi/notes.ts';
import { pageBody, PAGE_PARAMETERS, pageSchema, pageShape } from '../http/paging.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseQuery } from '../http/validation.ts';
import { demandListExample } from './examples.ts';

export const demandQuerySchema = z.strictObject({ ...demandFilterShape, ...pageShape });
const DEMAND_PARAMETERS = [...Object.keys(demandFilterShape), ...PAGE_PARAMETERS];

export const listDemand: Handler = async (_request, { url, deps }) => {
  const { limit, cursor, ...filter } = parseQuery(url.searchParams, demandQuerySchema, DEMAND_PARAMETERS);
  const page = await demandPage(deps.store, filter, { limit, cursor });
  return json(pageBody(page.items.map(publicPost), page.next), {
    headers: { 'Cache-Control': 'public, max-age=60' },
  });
};

// The endpoint above, declared once: the route table and /openapi.json are read from it (endpoints.ts).
export const demandListSchema = pageSchema(demandPostSchema).meta({ id: 'DemandList' });

export const demandEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/v1/demand',
    handle: listDemand,
    access: 'public',
    query: demandQuerySchema,
    operationId: 'listDemand',
    summary: 'The public demand board',
    description: `Public. Anonymised data requests labs chose to publish: never the organisation, the account or the description. Volume and timeline are shown as written; the volume and timeline filters compare them normalised (bytes, counts or days), so "2-5 TB" finds a post that asked for "500 GB - 2 TB". data_type, language and domain read values as the catalogue does: comma-separated alternatives (\`data_type=call_audio,mr_study\`), any case and spacing; an unknown value is 422 naming the closest known one. A filtered page reads at most 2,000 posts: it may hold fewer than limit (even none) with a next_cursor, meaning "carry on". ${PAGING_NOTE}`,
    tag: 'Demand',
    responses: [
      { status: 200, description: 'The posts', schema: demandListSchema, example: demandListExample },
    ],
    errors: ['unauthorized', 'invalid', 'rate_limited'],
  },
];
