// GET /api/v1/health: 200 when the store reads and writes, 503 otherwise (contract §5); never rate limited.
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';

export const health: Handler = async (_request, { deps }) => {
  const healthy = await deps.store.healthy();
  return json(healthy ? { status: 'ok' } : { status: 'unavailable' }, {
    status: healthy ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
};
