// One lab must not flood the sourcing inbox (issue 41 item 13): an organisation makes at most DATA_REQUESTS_PER_HOUR
// new data requests a clock hour (429 with Retry-After beyond), and the lead is mailed the first LEAD_MAILS_PER_HOUR
// of them one by one; the rest of that hour's are folded into one digest, sent when the hour ends.
import { DomainError } from '../../errors.ts';
import type { Account, DataRequestRecord, Org } from '../../store/records.ts';
import type { Tx } from '../../store/store.ts';
import { hourOf, HOUR_MS, mailOrFold, secondsToHourEnd } from '../mail/digest.ts';
import { message } from '../mail/message.ts';
import { when } from '../when.ts';
import { newRequestToLead } from './mails.ts';

/** New-request mails to the lead per organisation an hour before the rest of that hour's are folded into one. */
export const LEAD_MAILS_PER_HOUR = 5;

/**
 * The organisation's data requests made this clock hour, oldest first; refused (429) when there are `perHour`
 * already. Takes the organisation's row lock first (PostgreSQL): two submissions at once are counted one after the
 * other, so the cap holds across instances.
 */
export async function requestsThisHour(
  tx: Tx,
  org: Org,
  perHour: number,
  now: Date,
): Promise<DataRequestRecord[]> {
  await tx.update('orgs', org.id, {});
  const since = hourOf(now).start.toISOString();
  const found: DataRequestRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await tx.requests({ orgId: org.id, limit: 100, ...(cursor ? { cursor } : {}) });
    const recent = page.items.filter((request) => request.created_at >= since);
    found.push(...recent);
    cursor = recent.length === page.items.length && page.next ? page.next : undefined;
  } while (cursor && found.length < perHour);
  if (found.length >= perHour) {
    const retryAfter = secondsToHourEnd(now);
    throw new DomainError(
      'rate_limited',
      `Your organisation has sent ${found.length} data requests this hour, the most one organisation may send in an hour: wait ${retryAfter} s (Retry-After) and send it again, or add what you need to one of this hour's requests. Nothing was stored.`,
      {
        retryAfterSeconds: retryAfter,
        quota: { policy: 'data-requests-per-org', limit: perHour, windowSeconds: HOUR_MS / 1000 },
      },
    );
  }
  return found.reverse();
}

/** The lead's mail for `request`: on its own, or folded into the organisation's digest for the hour. */
export async function mailLead(
  tx: Tx,
  request: DataRequestRecord,
  caller: { org: Org; account: Account },
  earlier: DataRequestRecord[],
  sourcingLeadEmail: string,
  now: Date,
): Promise<void> {
  const folded = [...earlier.slice(LEAD_MAILS_PER_HOUR), request];
  await mailOrFold(
    tx,
    {
      event: `request:${request.id}:lead`,
      to: sourcingLeadEmail,
      message: newRequestToLead(request, caller.org, caller.account),
      before: earlier.length,
      threshold: LEAD_MAILS_PER_HOUR,
      digestKey: `requests:${caller.org.id}`,
      digest: () => requestDigest(caller.org, folded, now),
    },
    now,
  );
}

function requestDigest(org: Org, folded: DataRequestRecord[], now: Date) {
  const hour = hourOf(now);
  return message(`${folded.length} more data requests from ${org.name} this hour`, [
    {
      paragraphs: [
        `${org.name} (${org.id}) sent more than ${LEAD_MAILS_PER_HOUR} data requests between ${when(hour.start.toISOString())} and ${when(hour.end.toISOString())}: the first ${LEAD_MAILS_PER_HOUR} came one by one, these ${folded.length} in this one mail.`,
      ],
      facts: folded.map((request) => [
        request.id,
        `${request.data_types.join(', ')}; reply due by ${when(request.reply_due_at)}`,
      ]),
    },
    { paragraphs: ['Read each one: npm run ops -- requests show ID'] },
  ]);
}
