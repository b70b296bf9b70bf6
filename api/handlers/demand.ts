// GET /api/v1/demand: the public demand board, newest first, anonymised (contract §5).
import { publicPost } from '../domain/requests/views.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';

export const listDemand: Handler = async (_request, { deps }) => {
  const data = (await deps.store.demandPosts()).items.map(publicPost);
  return json({ data, count: data.length }, { headers: { 'Cache-Control': 'public, max-age=60' } });
};
