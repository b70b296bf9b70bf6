// Reminders, not memory (contract §13), with a real SMTP server on loopback, on both engines. The service's own
// mail lane sends the overdue mail of a request that passes reply_due_at unanswered, once; then, with time pinned
// (the reminder pass called for a given instant, as the lane calls it, from a second store instance as a second
// server would), each lead's digest at DIGEST_HOUR_UTC: overdue, due that day and lab messages waiting, with desk
// links; once a day however many instances run it; nothing when nothing waits.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createReminders, sendDigests } from '../../api/domain/staff/reminders.ts';
import { openStore } from '../../api/store/open-store.ts';
import type { Store } from '../../api/store/store.ts';
import { readReply } from '../support/api-client.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { mailTo, mailsTo, startSelfServe, type SelfServe } from '../support/self-serve.ts';
import { storeEnv } from '../support/store-env.ts';
import { opsOk } from '../support/ops.ts';

const LEAD = 'lead@sourcing.example';
// An hour the service's own pass never reaches while the test runs: only the pinned calls send a digest.
const DIGEST_HOUR = (new Date().getUTCHours() + 12) % 24;
// A day past: the mail a pinned pass queues is due at once for the service's mail lane, which runs on real time.
const DAY = '2025-03-12';
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00.000Z`);
const pinned = new Date(at(DAY, '00:00').getTime() + DIGEST_HOUR * 3600_000 + 30_000);
const hoursFromPin = (hours: number) => new Date(pinned.getTime() + hours * 3600_000).toISOString();

let ctx: SelfServe;
let lab: Lab;
let store: Store;
/** Another instance's view of the service's store: the same DATA_DIR, or the same database. */
let openSecond: () => Promise<Store>;
// The CLI runs the same background pass as the server (the digest included): it gets the same digest hour, or at
// 08:00-08:59 UTC (the default hour) its own pass would send today's digest beside the pinned ones.
const operator = () => ({ ...ctx.operator, SOURCING_LEAD_EMAIL: LEAD, DIGEST_HOUR_UTC: String(DIGEST_HOUR) });
const config = () => ({ siteUrl: new URL(ctx.siteUrl), sourcingLeadEmail: LEAD, digestHourUtc: DIGEST_HOUR });

async function submit(description: string): Promise<string> {
  const response = await fetch(`${ctx.server.url}/api/v1/requests`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${lab.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ data_types: ['call_audio'], description }),
  });
  const reply = await readReply(response);
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data.id;
}

const dueAt = (id: string, reply_due_at: string) =>
  store.transact((tx) => tx.update('requests', id, { reply_due_at }));

const settle = (ms = 2500) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  ctx = await startSelfServe({ SOURCING_LEAD_EMAIL: LEAD, DIGEST_HOUR_UTC: String(DIGEST_HOUR) });
  lab = await makeLab(ctx.operator, 'Reminded Lab');
  const { DATABASE_URL } = (await storeEnv(ctx.server.dataDir)) as { DATABASE_URL?: string };
  openSecond = () => openStore({ dataDir: ctx.server.dataDir, databaseUrl: DATABASE_URL || undefined });
  store = await openSecond();
});
afterAll(async () => {
  await store?.close();
  await ctx?.stop();
});

describe('the overdue mail', () => {
  test("the service's own pass mails the lead once when a request passes reply_due_at unanswered", async () => {
    const id = await submit('Call audio whose reply is due a minute ago.');
    const early = await submit('Call audio whose reply is due tomorrow, not overdue.');
    await dueAt(id, new Date(Date.now() - 60_000).toISOString());
    const mail = await mailTo(ctx.smtp, LEAD, new RegExp(`Overdue: .*${id}`));
    expect(mail.mail.text).toContain(`${ctx.siteUrl}/desk/requests/${id}`);
    expect(mail.mail.text).toContain('Reminded Lab');
    expect(mail.mail.text).not.toMatch(/npm run|ops --/);
    await settle();
    const overdue = mailsTo(ctx.smtp, LEAD).filter((m) => /^Overdue/.test(m.mail.subject ?? ''));
    expect(overdue.map((m) => m.mail.subject)).toEqual([mail.mail.subject]);
    expect(overdue.some((m) => (m.mail.subject ?? '').includes(early))).toBe(false);
    expect((await store.requestById(id))?.overdue_mailed_at).toEqual(expect.any(String));
  });

  test('a request answered before its due time is never mailed as overdue', async () => {
    const id = await submit('Call audio answered in time, then past its due time.');
    await opsOk(operator(), 'requests', 'reply', id, '--message', 'On it.');
    await dueAt(id, new Date(Date.now() - 60_000).toISOString());
    await settle();
    expect(
      mailsTo(ctx.smtp, LEAD).some((m) =>
        (m.mail.subject ?? '').includes(`Overdue: Reminded Lab's data request ${id}`),
      ),
    ).toBe(false);
  });
});

describe(`the daily digest at ${DIGEST_HOUR}:00 UTC, time pinned to ${pinned.toISOString()}`, () => {
  const ids: Record<string, string> = {};

  test('one digest: overdue, due today and lab messages waiting, each linking to its desk page', async () => {
    ids.overdue = await submit('Call audio whose reply was due two hours before the digest.');
    ids.today = await submit('Call audio whose reply is due later on the digest day.');
    ids.tomorrow = await submit('Call audio whose reply is due the day after the digest.');
    ids.message = await submit('Call audio answered, then written about by the lab.');
    await dueAt(ids.overdue, hoursFromPin(-2));
    await dueAt(ids.today, hoursFromPin(Math.min(3, 23 - DIGEST_HOUR) + 0.5));
    await dueAt(ids.tomorrow, hoursFromPin(26));
    await opsOk(operator(), 'requests', 'reply', ids.message, '--message', 'Here is what we have.');
    const posted = await fetch(`${ctx.server.url}/api/v1/requests/${ids.message}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${lab.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'Could we see a sample first?' }),
    });
    expect(posted.status).toBe(201);

    await createReminders(store, config())(pinned);
    const digest = await mailTo(ctx.smtp, LEAD, new RegExp(`Sourcing desk, ${DAY}: 3 waiting on us`));
    const text = digest.mail.text ?? '';
    const order = [
      'Overdue (1)',
      ids.overdue,
      'Due today (1)',
      ids.today,
      'Lab messages not yet answered (1)',
      ids.message,
    ];
    const places = order.map((part) => text.indexOf(part));
    expect(
      places.every((place) => place >= 0),
      text,
    ).toBe(true);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
    for (const id of [ids.overdue, ids.today, ids.message])
      expect(text).toContain(`${ctx.siteUrl}/desk/requests/${id}`);
    expect(text).not.toContain(ids.tomorrow);
    expect(text).toContain('overdue by 2 h');
    expect(text).not.toMatch(/npm run|ops --/);
    // The pinned pass also mailed the overdue request once, as the service's pass would have.
    await mailTo(ctx.smtp, LEAD, new RegExp(`Overdue: .*${ids.overdue}`));
  });

  test('a second instance, and a later pass the same day, send no second digest', async () => {
    const second = await openSecond();
    try {
      await Promise.all([
        createReminders(second, config())(new Date(pinned.getTime() + 60_000)),
        createReminders(store, config())(new Date(pinned.getTime() + 120_000)),
      ]);
    } finally {
      await second.close();
    }
    await settle();
    const digests = mailsTo(ctx.smtp, LEAD).filter((m) => /^Sourcing desk/.test(m.mail.subject ?? ''));
    expect(digests).toHaveLength(1);
  });

  test('nothing is sent on a day when nothing waits', async () => {
    for (const id of [ids.overdue!, ids.today!, ids.tomorrow!, ids.message!])
      await opsOk(operator(), 'requests', 'reply', id, '--message', 'Answered.');
    for (const request of (await store.requests({ status: 'received' })).items)
      await opsOk(operator(), 'requests', 'reply', request.id, '--message', 'Answered too.');
    const later = new Date(pinned.getTime() + 7 * 86_400_000);
    expect(await sendDigests(store, config(), later)).toBe(0);
    await createReminders(store, config())(later);
    await settle();
    const digests = mailsTo(ctx.smtp, LEAD).filter((m) => /^Sourcing desk/.test(m.mail.subject ?? ''));
    expect(digests).toHaveLength(1);
  });
});
