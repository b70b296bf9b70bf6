// The public access form must not become a way to mail anyone, or the operator, without end (issue 41 item 11). An
// inbox (its address without `+tag`, and without dots where the domain ignores them) gets 3 requests a UTC day; a
// recipient domain 20 a clock hour; the service 100 a clock hour. The operator is mailed the first 10 of an hour one
// by one, and the rest of that hour's in one digest when the hour ends. docs/decisions/access-request-caps.md.
import { createHash } from 'node:crypto';
import { DomainError } from '../../errors.ts';
import type { AccessRequestRecord } from '../../store/records.ts';
import type { Tx } from '../../store/store.ts';
import { hourOf, HOUR_MS, mailOrFold, secondsToHourEnd } from '../mail/digest.ts';
import { message } from '../mail/message.ts';
import { when } from '../when.ts';
import { inboxOf } from './mailbox.ts';
import { deskUrl } from '../staff/desk-links.ts';
import { accessRequestToOperator } from './mails.ts';

export const ACCESS_REQUESTS_PER_EMAIL_PER_DAY = 3;
export const ACCESS_REQUESTS_PER_DOMAIN_PER_HOUR = 20;
export const ACCESS_REQUESTS_PER_HOUR = 100;
/** Access-request mails to the operator an hour before the rest of that hour's are folded into one. */
export const OPERATOR_MAILS_PER_HOUR = 10;
const DAY_MS = 86_400_000;

/** `before`: the hour's access requests so far; `slot`: the id the new one takes. */
export type Room = { kind: 'dropped' } | { kind: 'room'; before: number; slot: string };

/**
 * Whether `email` may have another access request now: dropped (answered as any other, so the answer never tells
 * whether an address is known) past its inbox's day; refused (429 with Retry-After) past its domain's or the
 * service's hour, which say nothing about any one address.
 */
export async function roomForAccessRequest(tx: Tx, email: string, now: Date): Promise<Room> {
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const today = await tx.accessRequestsSince(new Date(dayStart - 1));
  const { inbox, domain } = inboxOf(email);
  const sameInbox = today.filter((request) => inboxOf(request.email).inbox === inbox);
  if (sameInbox.length >= ACCESS_REQUESTS_PER_EMAIL_PER_DAY) return { kind: 'dropped' };
  const hourStart = hourOf(now).start.toISOString();
  const thisHour = today.filter((request) => request.created_at >= hourStart);
  const sameDomain = thisHour.filter((request) => inboxOf(request.email).domain === domain);
  if (sameDomain.length >= ACCESS_REQUESTS_PER_DOMAIN_PER_HOUR) {
    throw full(
      `addresses at ${domain} have sent ${sameDomain.length} access requests this hour, the most one domain may`,
      { policy: 'access-requests-per-domain', limit: ACCESS_REQUESTS_PER_DOMAIN_PER_HOUR },
      now,
    );
  }
  if (thisHour.length >= ACCESS_REQUESTS_PER_HOUR) {
    throw full(
      `the service has had ${thisHour.length} access requests this hour, the most it takes`,
      { policy: 'access-requests', limit: ACCESS_REQUESTS_PER_HOUR },
      now,
    );
  }
  // The id names the inbox's slot of the day, so two instances racing for one insert the same id: one of them runs
  // again and counts afresh (see signin.ts). At most a few rounds: an inbox has 3 slots a day. The domain's and the
  // service's hours are counted without such a slot: requests in flight at one moment may each pass their last one.
  const slot = createHash('sha256').update(`${inbox}\n${dayStart}\n${sameInbox.length}`).digest('base64url');
  return { kind: 'room', before: thisHour.length, slot: `acr_${slot.slice(0, 20)}` };
}

function full(why: string, cap: { policy: string; limit: number }, now: Date): DomainError {
  const retryAfter = secondsToHourEnd(now);
  return new DomainError(
    'rate_limited',
    `We cannot take this access request now: ${why}. Nothing was stored; send it again after ${when(hourOf(now).end.toISOString())} (Retry-After: ${retryAfter} s).`,
    {
      retryAfterSeconds: retryAfter,
      quota: { ...cap, windowSeconds: HOUR_MS / 1000 },
    },
  );
}

/** The operator's mail for `request` (stored already): on its own, or in the hour's digest. */
export async function mailOperator(
  tx: Tx,
  request: AccessRequestRecord,
  before: number,
  operatorEmail: string,
  siteUrl: URL,
  now: Date,
): Promise<void> {
  await mailOrFold(
    tx,
    {
      event: `access:${request.id}:operator`,
      to: operatorEmail,
      message: accessRequestToOperator(request, siteUrl),
      before,
      threshold: OPERATOR_MAILS_PER_HOUR,
      digestKey: 'access',
      digest: () => accessDigest(tx, siteUrl, now),
    },
    now,
  );
}

/** Every access request of the hour, in one mail. */
async function accessDigest(tx: Tx, siteUrl: URL, now: Date) {
  const hour = hourOf(now);
  const all = (await tx.accessRequestsSince(new Date(hour.start.getTime() - 1))).reverse();
  return message(`${all.length} access requests this hour`, [
    {
      paragraphs: [
        `${all.length} access requests came between ${when(hour.start.toISOString())} and ${when(hour.end.toISOString())}. The first ${OPERATOR_MAILS_PER_HOUR} came to you one by one as well; past that, they are gathered here.`,
      ],
      facts: all.map((r) => [r.id, `${r.organisation} · ${r.name} <${r.email}>`]),
    },
    {
      paragraphs: [
        'Approve each (into a new organisation or an existing one) or reject it with a reason, on the desk.',
      ],
      link: { label: 'Open the access requests', href: deskUrl(siteUrl, 'access', '') },
    },
  ]);
}
