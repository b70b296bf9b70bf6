// Recalls (contract §15): the operator (the CLI) or a staff member (the desk) recalls items of a listing, and each
// lab that received it lists its recalls and attests their deletion, by key or signed in.
import { unknownListingMessage } from '../domain/listings/closest-listing.ts';
import { LISTING_ID_PATTERN } from '../domain/listings/listing-schema.ts';
import { acknowledge, makeRecall } from '../domain/recalls/recalls.ts';
import { acknowledgementSchema, checked, recallSchema } from '../domain/recalls/recall-schema.ts';
import { itemsWithFiles, sampleManifest } from '../domain/recalls/sample-items.ts';
import { labRecallView } from '../domain/recalls/views.ts';
import { deskRecalls } from '../domain/recalls/desk-view.ts';
import { DomainError, invalid, notFound } from '../errors.ts';
import { labOf, operatorStep, requireOperator, transactAndKick, type ActionContext } from './context.ts';

/** Recalls `items` of the listing: the record, and each receiving organisation's mail and event, in one write. */
export async function recallItems(context: ActionContext, listingId: string, input: unknown) {
  requireOperator(context);
  const listing = LISTING_ID_PATTERN.test(listingId) ? context.catalog.find(listingId) : undefined;
  if (!listing) throw notFound(unknownListingMessage(listingId, context.catalog));
  const { items, reason } = checked(recallSchema, input, 'recall');
  const manifest = sampleManifest(context.config.samplesDir, listing.nda.sample_file);
  const recall = {
    listing_id: listing.id,
    reason,
    items: itemsWithFiles(items, manifest),
    created_by: context.actor.kind === 'staff' ? context.actor.staff.id : 'operator',
  };
  return operatorStep(
    context,
    (tx) => makeRecall(tx, recall, listing.title, context.config.siteUrl, context.now),
    (made) => ({ action: 'recall', orgId: '', detail: `${made.id} of ${made.listing_id}` }),
  );
}

/**
 * The desk's form: the listing's id, the items as a person lists them (commas or new lines), the reason. A listing
 * no one has is refused on its field, naming the closest id.
 */
export async function recallFromDesk(context: ActionContext, form: Record<string, string | undefined>) {
  const items = (form.items ?? '')
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
  const listing = (form.listing ?? '').trim();
  if (!listing)
    throw invalid('The recall is invalid: listing. See error.fields.', {
      listing: ["enter the listing's id, as its page's address shows it"],
    });
  try {
    return await recallItems(context, listing, { items, reason: form.reason ?? '' });
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'not_found') throw error;
    throw invalid('The recall is invalid: listing. See error.fields.', { listing: [error.message] });
  }
}

/** The desk's view: every recall, each organisation told by name, and its acknowledgement or none yet. */
export function recallsForDesk(context: ActionContext) {
  requireOperator(context);
  return deskRecalls(context.store);
}

/** The lab's recalls, newest first, each with its acknowledgement if it has one. */
export async function recallsOfLab(context: ActionContext) {
  const org = labOf(context).org;
  const recalls = await context.store.recalls({ orgId: org.id });
  return Promise.all(
    recalls.map(async (recall) => {
      const acks = await context.store.recallAcknowledgements(recall.id);
      return labRecallView(
        recall,
        acks.find((ack) => ack.org_id === org.id),
      );
    }),
  );
}

/** The lab's deletion attestation: who (the account, and the key if one was used), when, and from where. */
export async function acknowledgeRecall(context: ActionContext, recallId: string, input: unknown) {
  const caller = labOf(context);
  const checkedInput = checked(acknowledgementSchema, input, 'acknowledgement');
  const who = {
    orgId: caller.org.id,
    accountId: caller.account.id,
    keyId: caller.key?.id ?? null,
    ip: context.clientIp ?? 'unknown',
  };
  return transactAndKick(context, (tx) => acknowledge(tx, recallId, checkedInput, who, context.now));
}
