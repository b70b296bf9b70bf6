// GET /api/v1/demand: the public demand board, anonymised (contract §5), newest first, paged (contract §9) and
// filtered by data type, language, domain, and volume and timeline in their normalised form.
import { z } from 'zod';
import { demandFilterShape, demandPage } from '../domain/requests/demand-board.ts';
import { publicPost } from '../domain/requests/views.ts';
import { pageBody, PAGE_PARAMETERS, pageShape } from '../http/paging.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseQuery } from '../http/validation.ts';

export const demandQuerySchema = z.strictObject({ ...demandFilterShape, ...pageShape });
const DEMAND_PARAMETERS = [...Object.keys(demandFilterShape), ...PAGE_PARAMETERS];

export const listDemand: Handler = async (_request, { url, deps }) => {
  const { limit, cursor, ...filter } = parseQuery(url.searchParams, demandQuerySchema, DEMAND_PARAMETERS);
  const page = await demandPage(deps.store, filter, { limit, cursor });
  return json(pageBody(page.items.map(publicPost), page.next), {
    headers: { 'Cache-Control': 'public, max-age=60' },
  });
};
