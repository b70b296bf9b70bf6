// GET /api/v1/health: 200 when the store reads and writes, 503 otherwise (contract §5); never rate limited.
import { z } from 'zod';
import type { Endpoint } from '../http/endpoint.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';

export const health: Handler = async (_request, { deps }) => {
  const healthy = await deps.store.healthy();
  return json(healthy ? { status: 'ok' } : { status: 'unavailable' }, {
    status: healthy ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
};

// The endpoint above, declared once: the route table and /openapi.json are read from it (endpoints.ts).
export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) }).meta({ id: 'Health' });

export const healthEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/v1/health',
    handle: health,
    access: 'unlimited',
    operationId: 'health',
    summary: 'Liveness and store health',
    description:
      'Not rate limited. 503 when a write would not succeed now: the store is read-only or full, or its write lock has been held too long.',
    tag: 'Operations',
    responses: [
      { status: 200, description: 'The store reads and writes', schema: healthSchema },
      {
        status: 503,
        description: 'The store is not usable: writers would be refused',
        schema: healthSchema,
      },
    ],
    // A present but invalid key is refused here too (contract §5).
    errors: ['unauthorized'],
  },
];
