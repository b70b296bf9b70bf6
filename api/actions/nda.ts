// The NDA (contract §8): a lab's admin accepts the current version online; the operator verifies it (sample links
// go out), revokes it, or records an acceptance made on paper.
import { loadNdaDocument, type NdaDocument } from '../domain/labs/nda-document.ts';
import {
  acceptNda as acceptOnPaper,
  acceptNdaOnline,
  revokeNda as revoke,
  verifyNda as verify,
} from '../domain/labs/nda.ts';
import { labAdmin, requireOperator, transactAndKick, type ActionContext } from './context.ts';

// Read once per process: the document changes with a deploy, not while the server runs.
const documents = new Map<string, NdaDocument>();
export function currentNda(context: Pick<ActionContext, 'config'>): NdaDocument {
  const dir = context.config.contentDir;
  let document = documents.get(dir);
  if (!document) documents.set(dir, (document = loadNdaDocument(dir)));
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
  requireOperator(context);
  return transactAndKick(context, (tx) => acceptOnPaper(tx, orgId, verified, context.now));
}

export function verifyNda(context: ActionContext, orgId: string) {
  requireOperator(context);
  return transactAndKick(context, (tx) => verify(tx, orgId, context.now));
}

export function revokeNda(context: ActionContext, orgId: string) {
  requireOperator(context);
  return transactAndKick(context, (tx) => revoke(tx, orgId, context.now));
}
