// GET /api/v1/me (contract §8): the organisation, the key or the signed-in account, the role, the NDA state and
// this request's rate limit.
import { z } from 'zod';
import { meSchema, meView } from '../domain/labs/views.ts';
import { requireLab } from '../http/authentication.ts';
import type { Endpoint } from '../http/endpoint.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';

export const getMe: Handler = (_request, context) =>
  json({ data: meView(requireLab(context), context.now, context.limit) });

// The endpoint above, declared once: the route table and /openapi.json are read from it (endpoints.ts).
export const meResponseSchema = z.object({ data: meSchema }).meta({ id: 'MeResponse' });

export const meEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/v1/me',
    handle: getMe,
    access: 'key',
    operationId: 'getMe',
    summary: 'Who is calling',
    description:
      "With a key: its organisation and the key (never its secret); with a session: the signed-in account. Both: the role, the organisation's NDA state (accepted opens the NDA-only fields and sample requests) and this request's rate limit.",
    tag: 'Account',
    responses: [
      {
        status: 200,
        description: 'The organisation, the key or account, the role, the NDA state and the rate limit',
        schema: meResponseSchema,
      },
    ],
    errors: ['unauthorized', 'rate_limited'],
  },
];
