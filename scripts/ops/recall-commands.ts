// Recalls (contract §15): the operator recalls items of a listing when a data subject withdraws consent, and sees
// which organisations told have attested the deletion and which have not.
import { recallItems } from '../../api/actions/recalls.ts';
import type { Store } from '../../api/store/store.ts';
import type { RecallRecord } from '../../api/store/recall-records.ts';
import { type Command, str } from './command.ts';
import { table } from './output.ts';

/** Comma-separated, as typed: `--items C-1,C-2` or `--items "C-1, C-2"`. */
const listOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Each organisation told, by name beside its id, and whether (and by whom, when) it attested the deletion. */
async function standing(store: Store, recall: RecallRecord) {
  const acks = await store.recallAcknowledgements(recall.id);
  const orgs = await Promise.all(
    recall.recipients.map(async (id) => ({ id, name: (await store.orgById(id))?.name ?? '(unknown)' })),
  );
  const acknowledged = orgs.flatMap((org) => {
    const ack = acks.find((a) => a.org_id === org.id);
    return ack
      ? [
          {
            org_id: org.id,
            name: org.name,
            by: ack.key_id ?? ack.account_id,
            at: ack.created_at,
            statement: ack.statement,
          },
        ]
      : [];
  });
  const waiting = orgs
    .filter((org) => !acks.some((a) => a.org_id === org.id))
    .map((org) => ({ org_id: org.id, name: org.name }));
  return { ...recall, acknowledged, waiting };
}

type Standing = Awaited<ReturnType<typeof standing>>;
const named = (orgs: { org_id: string; name: string }[]) => orgs.map((org) => `${org.name} (${org.org_id})`);

export const RECALL_COMMANDS: Record<string, Command> = {
  'listings recall': {
    usage: 'listings recall LISTING_ID --items ITEM,… --reason TEXT',
    summary:
      'recalls items of a listing (consent withdrawn): each organisation that received its sample or licensed it is mailed and sent listing.recalled',
    args: ['LISTING_ID'],
    options: { items: { type: 'string' }, reason: { type: 'string' } },
    run: async ({ args, values, acting, deliver }) => {
      const input = { items: listOf(str(values, 'items')), reason: str(values, 'reason') };
      const recall = await recallItems(await acting({ catalog: true }), args[0]!, input);
      await deliver();
      return recall;
    },
  },
  'recalls list': {
    usage: 'recalls list [--listing LISTING_ID]',
    summary: 'recalls, newest first, with the organisations that acknowledged and those still waited for',
    options: { listing: { type: 'string' } },
    run: async ({ store, values }) => {
      const listingId = typeof values.listing === 'string' ? values.listing : undefined;
      return Promise.all((await store.recalls({ listingId })).map((recall) => standing(store, recall)));
    },
    human: (rows: Standing[]) =>
      table(
        rows.map((row) => ({
          ...row,
          items: row.items.map((item) => item.id),
          acknowledged: named(row.acknowledged),
          waiting: named(row.waiting),
        })),
        ['id', 'listing_id', 'created_at', 'items', 'acknowledged', 'waiting'],
      ),
  },
};
