// One lab must not flood the sourcing inbox (issue 41 item 13): an organisation makes at most DATA_REQUESTS_PER_HOUR
// new data requests a clock hour (429 with Retry-After beyond), and the lead is mailed the first LEAD_MAILS_PER_HOUR
// of them one by one; the rest of that hour's are folded into one digest, sent when the hour ends.
import { DomainError } from '../../errors.ts';
import type { Account, DataRequestRecord, Org } from '../../store/records.ts';
import type { Tx } from '../../store/store.ts';
import { hourOf, HOUR_MS, mailOrFold, secondsToHourEnd } from '../mail/digest.ts';
import { message } from '../mail/message.ts';
import { when } from '../when.ts';
import { deskUrl } from '../staff/desk-links.ts';
import { newRequestToLead } from './mails.ts';

/** New-request mails to the lead per organisation an hour before the rest of that hour's are folded into one. */
export const LEAD_MAILS_PER_HOUR = 5;

/** The most requests a digest lists (it says how many more there were). */
const DIGEST_LISTS = 50;

const hourStart = (now: Date) => new Date(hourOf(now).start.getTime() - 1); // "after" it: from its first instant

/**
 * How many data requests the organisation sent this clock hour; refused (429) when there are `perHour` already.
 * Counted without a lock: on PostgreSQL, requests in flight at the same moment may each pass the last slot.
 */
export async function countThisHour(tx: Tx, org: Org, perHour: number, now: Date): Promise<number> {
  const count = await tx.requestCountSince(org.id, hourStart(now));
  if (count >= perHour) {
    const retryAfter = secondsToHourEnd(now);
    throw new DomainError(
      'rate_limited',
      `Your organisation has sent ${count} data requests this hour, the most one organisation may send in an hour: wait ${retryAfter} s (Retry-After) and send it again, or add what you need to one of this hour's requests. Nothing was stored.`,
      {
        retryAfterSeconds: retryAfter,
        quota: { policy: 'data-requests-per-org', limit: perHour, windowSeconds: HOUR_MS / 1000 },
      },
    );
  }
  return count;
}

/**
 * The lead's mail for `request` (stored already): on its own, or folded into the organisation's digest for the hour.
 * `before`: the organisation's requests this hour before it.
 */
export async function mailLead(
  tx: Tx,
  request: DataRequestRecord,
  caller: { org: Org; account: Account },
  before: number,
  sourcingLeadEmail: string,
  siteUrl: URL,
  now: Date,
): Promise<void> {
  await mailOrFold(
    tx,
    {
      event: `request:${request.id}:lead`,
      to: sourcingLeadEmail,
      message: newRequestToLead(request, caller.org, caller.account, siteUrl),
      before,
      threshold: LEAD_MAILS_PER_HOUR,
      digestKey: `requests:${caller.org.id}`,
      digest: () => requestDigest(tx, caller.org, siteUrl, now),
    },
    now,
  );
}

/** Every data request the organisation sent this hour (the newest DIGEST_LISTS), in one mail. */
async function requestDigest(tx: Tx, org: Org, siteUrl: URL, now: Date) {
  const hour = hourOf(now);
  const count = await tx.requestCountSince(org.id, hourStart(now));
  const listed = (await tx.requestsSince(org.id, hourStart(now), DIGEST_LISTS)).reverse();
  return message(`${count} data requests from ${org.name} this hour`, [
    {
      paragraphs: [
        `${org.name} (${org.id}) sent ${count} data requests between ${when(hour.start.toISOString())} and ${when(hour.end.toISOString())}. The first ${LEAD_MAILS_PER_HOUR} came to you one by one as well; past that, they are gathered here.`,
      ],
      facts: listed.map((request) => [
        request.id,
        `${request.data_types.join(', ')}; reply due by ${when(request.reply_due_at)}; ${deskUrl(siteUrl, 'requests', request.id)}`,
      ]),
    },
    {
      paragraphs: count > listed.length ? [`And ${count - listed.length} more, older, on the desk.`] : [],
      link: {
        label: `${org.name}'s requests on the desk`,
        href: `${deskUrl(siteUrl, 'requests', '')}?org=${encodeURIComponent(org.id)}`,
      },
    },
  ]);
}
