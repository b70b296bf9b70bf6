// Expiring, signed sample download links (contract §5): a jose JWT, HS256 pinned, with `aud` and `exp` required,
// the sample request id as `jti`, and the organisation, the listing and the NDA acceptance it was issued under bound
// in (a link dies with its acceptance: revoked and accepted again is a new acceptance). The key is LINK_SECRET, or
// 32 random bytes generated once into DATA_DIR/link-secret (mode 0600).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.ts';
import { DomainError } from '../../errors.ts';
import type { SampleRequestRecord } from '../../store/records.ts';

const AUDIENCE = 'dss:sample-download';
const ISSUER = 'dss';
const ALGORITHM = 'HS256';

/** `ndaAcceptedAt`: the organisation's `nda.accepted_at` when the link was issued. */
export type LinkClaims = { sampleId: string; orgId: string; listingId: string; ndaAcceptedAt: string };

/** Where the store keeps the secret it generated when LINK_SECRET is not set. */
export const generatedLinkSecretPath = (dataDir: string) => join(dataDir, 'link-secret');

export async function loadLinkSecret(config: Config): Promise<Uint8Array> {
  if (config.linkSecret) return new TextEncoder().encode(config.linkSecret);
  const path = generatedLinkSecretPath(config.dataDir);
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  try {
    // 'wx': if another process created it first, we read theirs instead of replacing it.
    await writeFile(path, randomBytes(32), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFile(path);
}

export function createLinkSigner(secret: Uint8Array, ttlSeconds: number, siteUrl: URL) {
  return {
    /** The download URL for a sample request under the NDA accepted at `ndaAcceptedAt`, and when it stops working. */
    async link(
      sample: SampleRequestRecord,
      ndaAcceptedAt: string,
      now: Date,
    ): Promise<{ url: string; expiresAt: Date }> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const token = await new SignJWT({ lst: sample.listing_id, nda: ndaAcceptedAt })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(sample.org_id)
        .setJti(sample.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(secret);
      const url = new URL(`/api/v1/samples/${sample.listing_id}/download`, siteUrl);
      url.searchParams.set('token', token);
      return { url: url.href, expiresAt: new Date((issuedAt + ttlSeconds) * 1000) };
    },

    /** The claims of a valid link for `listingId`; 410 link_expired or 403 forbidden otherwise. */
    async verify(token: string, listingId: string, now: Date): Promise<LinkClaims> {
      const forbidden = () =>
        new DomainError(
          'forbidden',
          'This download link is not valid. Use the link from your email as it is, or ask for a new sample.',
        );
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          audience: AUDIENCE,
          issuer: ISSUER,
          currentDate: now,
          requiredClaims: ['exp', 'jti', 'sub', 'lst', 'nda'],
        });
        if (payload.lst !== listingId || typeof payload.nda !== 'string') throw forbidden();
        return { sampleId: payload.jti!, orgId: payload.sub!, listingId, ndaAcceptedAt: payload.nda };
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          // Expired, but signed by us (jose checks the signature first): its sample request is the lab's own.
          const sampleId = typeof error.payload.jti === 'string' ? error.payload.jti : '{id}';
          throw new DomainError(
            'link_expired',
            `This download link has expired. Ask for a fresh one: POST /api/v1/sample-requests/${sampleId}/link with your API key, or from the dashboard's Samples page.`,
          );
        }
        if (error instanceof DomainError) throw error;
        throw forbidden();
      }
    },
  };
}

export type LinkSigner = ReturnType<typeof createLinkSigner>;
