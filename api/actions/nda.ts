// The NDA (contract §8): a lab's admin accepts the current version online; the operator verifies it (sample links
// go out), revokes it, or records an acceptance made on paper.
import { loadNdaDocument, type NdaDocument } from '../domain/labs/nda-document.ts';
import {
  acceptNda as acceptOnPaper,
  acceptNdaOnline,
  revokeNda as revoke,
  verifyNda as verify,
} from '../domain/labs/nda.ts';
import { signedCopy } from '../domain/labs/nda-copy.ts';
import { notFound } from '../errors.ts';
import { labAdmin, labOf, operatorStep, transactAndKick, type ActionContext } from './context.ts';

// Read once per process: the document changes with a deploy, not while the server runs.
const documents = new Map<string, NdaDocument>();
export function currentNda(context: Pick<ActionContext, 'config'>): NdaDocument {
  const { contentDir, legal } = context.config;
  const key = JSON.stringify([contentDir, legal]);
  let document = documents.get(key);
  if (!document) documents.set(key, (document = loadNdaDocument(contentDir, legal)));
  return document;
}

export type NdaAcceptance = { version: string; sha256: string; signer_name: string; signer_title: string };

/** The click-through acceptance; `created` is false when that version was accepted already (nothing changes). */
export function acceptNda(context: ActionContext, input: NdaAcceptance) {
  const caller = labAdmin(context, 'accept the NDA');
  const meta = {
    ip: context.clientIp ?? 'unknown',
    userAgent: context.userAgent ?? '',
    operatorEmail: context.config.sourcingLeadEmail,
    siteUrl: context.config.siteUrl,
  };
  return transactAndKick(context, (tx) =>
    acceptNdaOnline(tx, caller, input, currentNda(context), meta, context.now),
  );
}

/** An acceptance made outside the site (on paper), verified at once when `verified`. */
export function recordNdaAcceptance(context: ActionContext, orgId: string, verified: boolean) {
  return operatorStep(
    context,
    (tx) => acceptOnPaper(tx, orgId, verified, context.now),
    () => ({ action: verified ? 'nda.accept_verified' : 'nda.accept', orgId }),
  );
}

export function verifyNda(context: ActionContext, orgId: string) {
  return operatorStep(
    context,
    (tx) => verify(tx, orgId, context.now),
    () => ({ action: 'nda.verify', orgId }),
  );
}

export function revokeNda(context: ActionContext, orgId: string) {
  return operatorStep(
    context,
    (tx) => revoke(tx, orgId, context.now),
    () => ({ action: 'nda.revoke', orgId }),
  );
}

/** The signed copy (PDF) of one of the caller's organisation's own acceptances, as a download; another's is not found. */
export async function ndaSignedCopy(context: ActionContext, acceptanceId: string) {
  const caller = labOf(context);
  const file = await signedCopy(context.store, caller.org.id, acceptanceId);
  if (!file)
    throw notFound(
      `Your organisation has no NDA acceptance ${acceptanceId}. Its acceptances, each with its signed copy, are on the NDA page (/dashboard/nda/).`,
    );
  const headers = {
    'content-type': file.contentType,
    'content-disposition': `attachment; filename="${file.filename}"`,
  };
  return { headers, body: file.content as Uint8Array<ArrayBuffer> };
}
