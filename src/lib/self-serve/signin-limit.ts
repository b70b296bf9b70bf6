// Sign-in links asked for from one client address through /signin/: the same 10 in 10 minutes as
// POST /api/v1/session/link (each process counts its own; the per-address limit in the store holds for all).
import { createRateLimiter } from '../../../api/http/rate-limit.ts';

const perIp = createRateLimiter({ policy: 'signin-per-ip', limit: 10, windowSeconds: 600 });

export const signinAllowed = (ip: string) => perIp.take(ip).allowed;
