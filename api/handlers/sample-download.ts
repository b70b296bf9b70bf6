// GET /api/v1/samples/{listing-id}/download?token=…: the link mailed to a lab. The token is the credential:
// expired → 410 link_expired; forged, altered, for another listing, asked for by an account since removed, or issued
// under an NDA acceptance that is no longer the one in force → 403 forbidden.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { audit } from '../domain/audit.ts';
import { ndaAccepted } from '../domain/labs/nda.ts';
import { DomainError } from '../errors.ts';
import type { Endpoint } from '../http/endpoint.ts';
import type { Handler } from '../http/types.ts';
import { listingIdParameter } from './catalog.ts';

/** The media type of a sample file, by its extension; anything else is application/octet-stream. */
export const SAMPLE_CONTENT_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.dcm': 'application/dicom',
  '.zip': 'application/zip',
};

export const downloadSample: Handler = async (request, { params, url, now, deps }) => {
  if (!deps.signer)
    throw new DomainError('unavailable', 'Sample downloads are not available right now; try again later.');
  const token = url.searchParams.get('token');
  if (!token)
    throw new DomainError(
      'forbidden',
      'This download link has no token. Use the link from your email as it is.',
    );
  const listingId = params.id!;
  const claims = await deps.signer.verify(token, listingId, now);
  const forbidden = (why: string) => new DomainError('forbidden', why);
  const [sample, org] = await Promise.all([
    deps.store.sampleById(claims.sampleId),
    deps.store.orgById(claims.orgId),
  ]);
  if (
    !sample ||
    sample.org_id !== claims.orgId ||
    sample.listing_id !== listingId ||
    sample.status !== 'sent'
  ) {
    throw forbidden(
      'This download link is not valid. Use the link from your email as it is, or ask for a new sample.',
    );
  }
  // A link dies with the account that asked for it (issue 41 item 9): a leaver keeps no download in their mailbox.
  const asker = await deps.store.accountById(sample.account_id);
  if (!asker || asker.removed_at) {
    throw forbidden(
      'The account that asked for this sample was removed from your organisation, so its link no longer works: ask for the sample again from a current account.',
    );
  }
  // The acceptance the link was issued under must still be the one in force: after a revoke, a new acceptance
  // (even an unverified one) does not bring old links back.
  if (!org || !ndaAccepted(org) || org.nda.accepted_at !== claims.ndaAcceptedAt) {
    throw forbidden(
      "Your organisation's NDA is no longer in force, so the sample cannot be downloaded. Contact the service operator.",
    );
  }
  const file = deps.catalog.find(listingId)?.nda.sample_file;
  const path = file && join(deps.config.samplesDir, file);
  const size = path
    ? await stat(path).then(
        (s) => s.size,
        () => undefined,
      )
    : undefined;
  if (!path || size === undefined) {
    throw new DomainError(
      'not_found',
      'The sample file is not available any more. Ask the sourcing lead for a new sample.',
    );
  }
  const download = {
    kind: 'sample_download',
    org_id: org.id,
    key_id: null,
    listing_id: listingId,
    detail: sample.id,
  } as const;
  // A HEAD (a mail scanner checking the link, a client asking the size) downloads nothing: not audited.
  if (request.method !== 'HEAD') await deps.store.transact((tx) => audit(tx, download, now));
  const extension = extname(path).toLowerCase();
  return {
    status: 200,
    headers: {
      'content-type': SAMPLE_CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'content-length': String(size),
      'content-disposition': `attachment; filename="${listingId}-sample${extension}"`,
      'cache-control': 'private, no-store',
    },
    body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
  };
};

// The endpoint above, declared once: the route table and /openapi.json are read from it (endpoints.ts).
export const sampleDownloadEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/v1/samples/:id/download',
    handle: downloadSample,
    access: 'public',
    noCredentials: true,
    readsQuery: true,
    parameters: [
      listingIdParameter,
      { name: 'token', in: 'query', required: true, schema: { type: 'string' } },
    ],
    operationId: 'downloadSample',
    summary: 'Download a sample (the emailed link)',
    description:
      'The signed token in the link is the credential; it expires after SAMPLE_LINK_TTL_SECONDS (72 h by default).',
    tag: 'Samples',
    responses: [
      {
        status: 200,
        description: 'The sample file, as an attachment',
        headers: { 'Content-Disposition': 'attachment; filename="…"' },
        // As the file's extension gives it (SAMPLE_CONTENT_TYPES), else application/octet-stream.
        content: Object.fromEntries(
          [...new Set([...Object.values(SAMPLE_CONTENT_TYPES), 'application/octet-stream'])].map((type) => [
            type,
            { schema: { type: 'string', contentMediaType: type } },
          ]),
        ),
      },
    ],
    // unauthorized: a public path, but a present and invalid key is still refused.
    errors: ['unauthorized', 'forbidden', 'not_found', 'link_expired', 'rate_limited', 'unavailable'],
  },
];
