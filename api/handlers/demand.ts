// GET /api/v1/demand: the public demand board, the newest LIST_LIMIT posts, anonymised (contract §5).
import { LIST_LIMIT, publicPost } from '../domain/requests/views.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';

export const listDemand: Handler = async (_request, { deps }) => {
  const data = (await deps.store.demandPosts({ limit: LIST_LIMIT })).items.map(publicPost);
  return json({ data, count: data.length }, { headers: { 'Cache-Control': 'public, max-age=60' } });
};
