// Random secrets for cookies and sign-in links, and the one hash kept of them (OWASP Session Management: 128+ bits
// of entropy from a CSPRNG; the store holds only a hash, so a leaked store signs no one in).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, base64url: 43 characters. */
export const newSecret = () => randomBytes(32).toString('base64url');

export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Equal strings, in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
