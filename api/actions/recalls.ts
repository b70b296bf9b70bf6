// Recalls (contract §15): the operator (the CLI; the desk's staff next) recalls items of a listing, and each lab
// that received it lists its recalls and attests their deletion, by key or signed in.
import { unknownListingMessage } from '../domain/listings/closest-listing.ts';
import { LISTING_ID_PATTERN } from '../domain/listings/listing-schema.ts';
import { acknowledge, makeRecall } from '../domain/recalls/recalls.ts';
import { acknowledgementSchema, checked, recallSchema } from '../domain/recalls/recall-schema.ts';
import { itemsWithFiles, sampleManifest } from '../domain/recalls/sample-items.ts';
import { labRecallView } from '../domain/recalls/views.ts';
import { notFound } from '../errors.ts';
import { labOf, requireOperator, transactAndKick, type ActionContext } from './context.ts';

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
    created_by: 'operator', // the desk's staff actor records the staff member's id here
  };
  return transactAndKick(context, (tx) =>
    makeRecall(tx, recall, listing.title, context.config.siteUrl, context.now),
  );
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
