// Sign-in links asked for from one client address through /signin/: the same 10 in 10 minutes as
// POST /api/v1/session/link (each process counts its own; the per-address limit in the store holds for all).
import { addressBucket } from '../../../api/http/address-bucket.ts';
import { createRateLimiter } from '../../../api/http/rate-limit.ts';

const perIp = createRateLimiter({ policy: 'signin-per-ip', limit: 10, windowSeconds: 600 });

/** IPv6 by its /64, as every per-address limit counts (address-bucket.ts). */
export const signinAllowed = (ip: string) => perIp.take(addressBucket(ip)).allowed;
