// GET /api/v1/me: who the key belongs to, and the organisation's NDA state (contract §8, the parts that exist:
// a role, the NDA's version and signer, and the rate limit join them with the dashboard).
import { meView } from '../domain/labs/views.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';

export const getMe: Handler = (_request, { caller }) => json({ data: meView(caller!) });
