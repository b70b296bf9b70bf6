// GET /api/v1/demand: the public demand board, newest first, anonymised (contract §5).
import { demandBoard, publicPost } from '../domain/requests/data-requests.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/pipeline.ts';

export const listDemand: Handler = async (_request, { deps }) => {
  await deps.store.refresh();
  const data = demandBoard(deps.store).map(publicPost);
  return json({ data, count: data.length }, { headers: { 'Cache-Control': 'public, max-age=60' } });
};
