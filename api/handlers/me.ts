// GET /api/v1/me (contract §8): the organisation, the key or the signed-in account, the role, the NDA state and
// this request's rate limit.
import { meView } from '../domain/labs/views.ts';
import { requireLab } from '../http/authentication.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';

export const getMe: Handler = (_request, context) =>
  json({ data: meView(requireLab(context), context.now, context.limit) });
