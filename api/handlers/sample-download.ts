// GET /api/v1/samples/{listing-id}/download?token=…: the link mailed to a lab. The token is the credential:
// expired → 410 link_expired; forged, altered, for another listing, or NDA withdrawn since → 403 forbidden.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { audit } from '../domain/audit.ts';
import { ApiError } from '../errors.ts';
import type { Handler } from '../http/pipeline.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.dcm': 'application/dicom',
  '.zip': 'application/zip',
};

export const downloadSample: Handler = async (_request, { params, url, now, deps }) => {
  if (!deps.signer)
    throw new ApiError(503, 'unavailable', 'Sample downloads are not available right now; try again later.');
  const token = url.searchParams.get('token');
  if (!token)
    throw new ApiError(
      403,
      'forbidden',
      'This download link has no token. Use the link from your email as it is.',
    );
  const listingId = params.id!;
  const claims = await deps.signer.verify(token, listingId, now);
  const forbidden = (why: string) => new ApiError(403, 'forbidden', why);
  await deps.store.refresh();
  const sample = deps.store.get('samples', claims.sampleId);
  const org = deps.store.core.orgs.find((o) => o.id === claims.orgId);
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
  if (!org || org.nda.state === 'none') {
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
    throw new ApiError(
      404,
      'not_found',
      'The sample file is not available any more. Ask the sourcing lead for a new sample.',
    );
  }
  await deps.store.transact((tx) =>
    audit(
      tx,
      { kind: 'sample_download', org_id: org.id, key_id: null, listing_id: listingId, detail: sample.id },
      now,
    ),
  );
  const extension = extname(path).toLowerCase();
  return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
    headers: {
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'Content-Length': String(size),
      'Content-Disposition': `attachment; filename="${listingId}-sample${extension}"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
