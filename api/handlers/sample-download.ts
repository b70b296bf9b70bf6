// GET /api/v1/samples/{listing-id}/download?token=…: the link mailed to a lab. The token is the credential:
// expired → 410 link_expired; forged, altered, for another listing, asked for by an account since removed, or issued
// under an NDA acceptance that is no longer the one in force → 403 forbidden.
import { SAMPLE_CONTENT_TYPES, sendSampleFile } from '../domain/samples/download.ts';
import { ndaAccepted } from '../domain/labs/nda.ts';
import { DomainError } from '../errors.ts';
import type { Endpoint } from '../http/endpoint.ts';
import type { Handler } from '../http/types.ts';
import { listingIdParameter } from './catalog.ts';

export const downloadSample: Handler = async (request, { params, url, now, deps, clientIp }) => {
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
  // Who: the account the link was issued to (a link is personal to it); from where: the client's address.
  const who = { accountId: sample.account_id, keyId: null, ip: clientIp, via: 'link' } as const;
  const deliver = { store: deps.store, catalog: deps.catalog, samplesDir: deps.config.samplesDir };
  // A HEAD (a mail scanner checking the link, a client asking the size) downloads nothing: not audited.
  return sendSampleFile(deliver, sample, who, request.method !== 'HEAD', now);
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
