// Who the thread and the reminders reach (contract §13), over HTTP in process with a real SMTP server on loopback,
// on both engines: with no staff at all, SOURCING_LEAD_EMAIL (a fresh install still mails someone); once staff
// exist, every current lead and admin at their own address, never a removed one and no longer the configured
// address; a request with an owner mails only the owner. The lab's message, the overdue mail, the daily digest.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createReminders } from '../../api/domain/staff/reminders.ts';
import { openStore } from '../../api/store/open-store.ts';
import type { Store } from '../../api/store/store.ts';
import { addStaff, type Staff } from '../support/desk.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { ops, opsOk } from '../support/ops.ts';
import { mailTo, mailsTo, postJson, startSelfServe, type SelfServe } from '../support/self-serve.ts';
import { storeEnv } from '../support/store-env.ts';

const CONFIGURED = 'configured-lead@sourcing.example';
// An hour the service's own pass never reaches while the test runs: only the pinned call sends a digest.
const DIGEST_HOUR = (new Date().getUTCHours() + 12) % 24;
const DAY = '2025-04-09';
const pinned = new Date(Date.parse(`${DAY}T00:00:30.000Z`) + DIGEST_HOUR * 3600_000);

let ctx: SelfServe;
let lab: Lab;
let store: Store;
let admin: Staff;
let lead: Staff;
let gone: Staff;
const operator = () => ({ ...ctx.operator, SOURCING_LEAD_EMAIL: CONFIGURED });

const asLab = () => ({ Authorization: `Bearer ${lab.key}` });
async function submit(description: string): Promise<string> {
  const made = await postJson(ctx, '/api/v1/requests', { data_types: ['call_audio'], description }, asLab());
  expect(made.status, made.text).toBe(201);
  return made.body.data.id;
}
const write = async (id: string, body: string) =>
  expect((await postJson(ctx, `/api/v1/requests/${id}/messages`, { body }, asLab())).status).toBe(201);

const settle = () => new Promise((resolve) => setTimeout(resolve, 2500));
const about = (id: string) => (to: string) =>
  mailsTo(ctx.smtp, to).filter((m) => (m.mail.subject ?? '').includes(id)).length;

beforeAll(async () => {
  ctx = await startSelfServe({ SOURCING_LEAD_EMAIL: CONFIGURED, DIGEST_HOUR_UTC: String(DIGEST_HOUR) });
  lab = await makeLab(ctx.operator, 'Reached Lab');
  const { DATABASE_URL } = (await storeEnv(ctx.server.dataDir)) as { DATABASE_URL?: string };
  store = await openStore({ dataDir: ctx.server.dataDir, databaseUrl: DATABASE_URL || undefined });
});
afterAll(async () => {
  await store?.close();
  await ctx?.stop();
});

test('with no staff at all, a lab message reaches SOURCING_LEAD_EMAIL', async () => {
  const id = await submit('Call audio written about before anyone is on the staff.');
  await write(id, 'Is anyone there?');
  await mailTo(ctx.smtp, CONFIGURED, new RegExp(`Reached Lab wrote about data request ${id}`));
});

describe('once staff exist', () => {
  beforeAll(async () => {
    admin = await addStaff(ctx, 'admin', 'Ada Admin');
    lead = await addStaff(ctx, 'lead', 'Lee Lead');
    gone = await addStaff(ctx, 'lead', 'Gus Gone');
    await opsOk(ctx.operator, 'staff', 'remove', gone.email);
  });

  test('a lab message reaches every current lead and admin at their staff address, nobody else', async () => {
    const id = await submit('Call audio written about to the whole team.');
    await write(id, 'Could we get stereo?');
    const subject = new RegExp(`Reached Lab wrote about data request ${id}`);
    await Promise.all([mailTo(ctx.smtp, admin.email, subject), mailTo(ctx.smtp, lead.email, subject)]);
    await settle();
    expect([admin.email, lead.email, gone.email, CONFIGURED].map(about(id))).toEqual([1, 1, 0, 0]);
  });

  test("an owned request's lab message reaches its owner only; a removed member cannot own one", async () => {
    const id = await submit('Call audio owned by one lead.');
    expect((await ops(operator(), 'requests', 'owner', id, gone.id)).code).not.toBe(0);
    expect((await ops(operator(), 'requests', 'owner', id, 'stf_configured_lead')).code).not.toBe(0);
    await opsOk(operator(), 'requests', 'owner', id, lead.id);
    await write(id, 'Only the owner should hear this.');
    await mailTo(ctx.smtp, lead.email, new RegExp(`wrote about data request ${id}`));
    await settle();
    expect([admin.email, lead.email, CONFIGURED].map(about(id))).toEqual([0, 1, 0]);
  });

  test("a removed owner's request reaches every lead again", async () => {
    const id = await submit('Call audio whose owner leaves.');
    const leaving = await addStaff(ctx, 'lead', 'Liv Leaving');
    await opsOk(operator(), 'requests', 'owner', id, leaving.id);
    await opsOk(ctx.operator, 'staff', 'remove', leaving.email);
    await write(id, 'Who answers now?');
    const subject = new RegExp(`wrote about data request ${id}`);
    await Promise.all([mailTo(ctx.smtp, admin.email, subject), mailTo(ctx.smtp, lead.email, subject)]);
    await settle();
    expect([admin.email, lead.email, leaving.email].map(about(id))).toEqual([1, 1, 0]);
  });

  test('the overdue mail reaches every lead, or the owner alone', async () => {
    const shared = await submit('Call audio overdue with no owner.');
    const owned = await submit('Call audio overdue with an owner.');
    await opsOk(operator(), 'requests', 'owner', owned, admin.id);
    const past = new Date(Date.now() - 60_000).toISOString();
    for (const id of [shared, owned])
      await store.transact((tx) => tx.update('requests', id, { reply_due_at: past }));
    const overdue = (id: string) => new RegExp(`Overdue: .*${id}`);
    await Promise.all([
      mailTo(ctx.smtp, admin.email, overdue(shared)),
      mailTo(ctx.smtp, lead.email, overdue(shared)),
      mailTo(ctx.smtp, admin.email, overdue(owned)),
    ]);
    await settle();
    expect([admin.email, lead.email, gone.email, CONFIGURED].map(about(shared))).toEqual([1, 1, 0, 0]);
    expect([admin.email, lead.email, gone.email, CONFIGURED].map(about(owned))).toEqual([1, 0, 0, 0]);
  });

  test("each lead's digest lists what they answer for: theirs and the unowned", async () => {
    const unowned = await submit('Call audio due on the digest day, nobody owns it.');
    const leads = await submit('Call audio due on the digest day, owned by the lead.');
    await opsOk(operator(), 'requests', 'owner', leads, lead.id);
    const due = new Date(pinned.getTime() - 3600_000).toISOString();
    for (const id of [unowned, leads])
      await store.transact((tx) => tx.update('requests', id, { reply_due_at: due, overdue_mailed_at: due }));

    await createReminders(store, {
      siteUrl: new URL(ctx.siteUrl),
      sourcingLeadEmail: CONFIGURED,
      digestHourUtc: DIGEST_HOUR,
    })(pinned);
    const subject = new RegExp(`Sourcing desk, ${DAY}`);
    const [toAdmin, toLead] = await Promise.all([
      mailTo(ctx.smtp, admin.email, subject),
      mailTo(ctx.smtp, lead.email, subject),
    ]);
    expect(toAdmin.mail.text).toContain(unowned);
    expect(toAdmin.mail.text).not.toContain(leads);
    expect(toLead.mail.text).toContain(unowned);
    expect(toLead.mail.text).toContain(leads);
    await settle();
    for (const to of [gone.email, CONFIGURED])
      expect(mailsTo(ctx.smtp, to).filter((m) => subject.test(m.mail.subject ?? ''))).toEqual([]);
  });
});
