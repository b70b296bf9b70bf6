// Reminders, not memory (contract §13): one mail when a data request passes reply_due_at unanswered, to its owner
// or every lead, once; and each lead's digest at DIGEST_HOUR_UTC of what is overdue, due that day, waiting on a
// lab's message, or a recall some organisation has not acknowledged, nothing when nothing waits. Run by the server's mail lane; any number of instances may run it at
// once: each mail's id comes from its event (the request, or the lead and the day), so it is queued once.
import type { DataRequestRecord } from '../../store/records.ts';
import type { Store, StoreReads } from '../../store/store.ts';
import { enqueueMail } from '../mail/queue.ts';
import { recallsWaiting } from '../recalls/desk-view.ts';
import {
  digestCount,
  digestToLead,
  overdueToStaff,
  type DigestItem,
  type StaffMailConfig,
} from '../requests/staff-mails.ts';
import { when } from '../when.ts';
import { answerableFor, leadsOf, type StaffMember } from './directory.ts';

export type ReminderConfig = StaffMailConfig & { digestHourUtc: number };

/** A request overdue longer than this when first seen (the server was off, or it predates reminders) is left to the digest. */
export const OVERDUE_MAIL_WINDOW_MS = 24 * 3600_000;
/** At most so many overdue mails a pass: a backlog goes out over the next passes. */
const OVERDUE_BATCH = 100;

const hoursWords = (ms: number) => {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return minutes < 90 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
};

async function orgName(reads: StoreReads, request: DataRequestRecord): Promise<string> {
  return (await reads.orgById(request.org_id))?.name ?? request.org_id;
}

/** Queues the one overdue mail of each request that passed reply_due_at unanswered; how many requests. */
export async function mailOverdue(store: Store, config: ReminderConfig, now: Date): Promise<number> {
  const since = new Date(now.getTime() - OVERDUE_MAIL_WINDOW_MS);
  const found = await store.overdueUnmailed(since, now);
  for (const seen of found.slice(0, OVERDUE_BATCH)) {
    await store.transact(async (tx) => {
      const request = await tx.requestById(seen.id);
      if (!request || request.status !== 'received' || request.replied_at || request.overdue_mailed_at)
        return;
      await tx.update('requests', request.id, { overdue_mailed_at: now.toISOString() });
      const mail = overdueToStaff(request, await orgName(tx, request), config.siteUrl);
      for (const member of await answerableFor(tx, config, request.owner_id))
        await enqueueMail(tx, `request:${request.id}:overdue:${member.id}`, member.email, mail, now);
    });
  }
  return Math.min(found.length, OVERDUE_BATCH);
}

/** The requests a lead answers for: theirs, and those no present member owns. */
async function answersFor(
  reads: StoreReads,
  config: ReminderConfig,
  lead: StaffMember,
  request: DataRequestRecord,
): Promise<boolean> {
  return (await answerableFor(reads, config, request.owner_id)).some((member) => member.id === lead.id);
}

/** Queues each lead's digest for `now`'s day, unless nothing waits on them; how many were queued. */
export async function sendDigests(store: Store, config: ReminderConfig, now: Date): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const endOfDay = new Date(`${day}T23:59:59.999Z`);
  const at = now.toISOString();
  const unanswered = await store.overdueRequests(endOfDay);
  const waiting = await store.awaitingReply();
  // Recalls have no owner: every lead's digest chases each organisation that has not acknowledged.
  const recalls = (await recallsWaiting(store)).map(({ recall, missing }) => ({
    id: recall.id,
    listingId: recall.listing_id,
    missing: missing.map((m) => m.orgName),
  }));
  const names = new Map<string, string>();
  const item = async (request: DataRequestRecord, note: string): Promise<DigestItem> => {
    if (!names.has(request.org_id)) names.set(request.org_id, await orgName(store, request));
    return { request, orgName: names.get(request.org_id)!, note };
  };
  let queued = 0;
  for (const lead of await leadsOf(store, config)) {
    const overdue: DigestItem[] = [];
    const dueToday: DigestItem[] = [];
    const messages: DigestItem[] = [];
    for (const request of unanswered) {
      if (!(await answersFor(store, config, lead, request))) continue;
      const late = now.getTime() - Date.parse(request.reply_due_at);
      if (request.reply_due_at < at)
        overdue.push(
          await item(request, `overdue by ${hoursWords(late)} (due ${when(request.reply_due_at)})`),
        );
      else dueToday.push(await item(request, `due ${when(request.reply_due_at)}`));
    }
    for (const request of waiting) {
      if (request.status === 'closed' || !(await answersFor(store, config, lead, request))) continue;
      messages.push(await item(request, `waiting since ${when(request.awaiting_reply_since!)}`));
    }
    const digest = { overdue, dueToday, messages, recalls };
    if (digestCount(digest) === 0) continue;
    const mail = digestToLead(digest, day, config.siteUrl);
    await store.transact((tx) => enqueueMail(tx, `digest:${day}:${lead.id}`, lead.email, mail, now));
    queued++;
  }
  return queued;
}

/**
 * The reminder pass the mail lane runs each second: the overdue mails (a question to an index of the few unanswered
 * requests), and the day's digest once per process in the digest hour (another instance, or a restart within the
 * hour, queues the same event: the same mail, once).
 */
export function createReminders(store: Store, config: ReminderConfig) {
  let digestDay: string | undefined;
  /** How many mails were queued (the lane sends them in its next pass). */
  return async function remind(now: Date): Promise<number> {
    let queued = await mailOverdue(store, config, now);
    const day = now.toISOString().slice(0, 10);
    if (now.getUTCHours() === config.digestHourUtc && digestDay !== day) {
      queued += await sendDigests(store, config, now);
      digestDay = day;
    }
    return queued;
  };
}
