// The service's mail must not become a flood anyone can aim (issue 41 items 11 and 13), against the built server with
// mail on a real SMTP server: the public access form mails one inbox at most 3 times a day however its address is
// dressed (+tags, gmail's dots), takes at most 20 an hour for one domain and 100 in all (then 429), and the operator
// gets the first 10 of an hour one by one and the rest in one digest when the hour ends; one lab holds at most 20
// live keys (409 beyond), sends at most 30 data requests an hour (429 beyond), and the sourcing lead gets its first 5
// of an hour one by one and the rest in one digest. The digests are sent by the service's own mail delivery, run with
// the clock at the hour's end, to the same SMTP server.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createMailDelivery } from '../../api/domain/mail/delivery.ts';
import { hourOf } from '../../api/domain/mail/digest.ts';
import { createMailTransport } from '../../api/domain/mail/transport.ts';
import { openStore } from '../../api/store/open-store.ts';
import { expectError, readReply } from '../support/api-client.ts';
import { makeLab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import {
  mailsTo,
  postJson,
  selfServeLab,
  sessionCall,
  startSelfServe,
  type SelfServe,
  type Smtp,
} from '../support/self-serve.ts';
import { storeEnv } from '../support/store-env.ts';

const OPERATOR = 'sourcing@localhost';
const USE = 'Evaluating speech recognition on call-centre audio before licensing.';

/** Every cap counts in a clock hour: a test that would straddle two starts in the next one. */
async function awayFromTheHourEnd(): Promise<void> {
  const left = hourOf(new Date()).end.getTime() - Date.now();
  if (left < 60_000) await new Promise((resolve) => setTimeout(resolve, left + 1000));
}

/** The service with the caps at their defaults (an empty variable is unset) and a DATA_DIR the test keeps. */
async function service(): Promise<{ ctx: SelfServe; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-flood-'));
  const ctx = await startSelfServe({ DATA_DIR: dataDir, KEYS_PER_ORG: '', DATA_REQUESTS_PER_HOUR: '' });
  return { ctx, dataDir };
}

/** Stops the service, then runs its mail delivery with the clock past the hour's end: what waited for it goes. */
async function deliverAtHourEnd(ctx: SelfServe, dataDir: string, startedAt: Date): Promise<void> {
  await ctx.server.stop();
  const env = await storeEnv(dataDir);
  const store = await openStore({ dataDir, databaseUrl: env.DATABASE_URL });
  const transport = createMailTransport({ smtpUrl: ctx.smtp.url, mailFrom: 'data@localhost', dataDir });
  try {
    const at = new Date(hourOf(startedAt).end.getTime() + 1000);
    await createMailDelivery({ store, transport, log: { info() {} }, now: () => at }).deliver();
  } finally {
    transport.close();
    await store.close();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
const subjects = (smtp: Smtp, to: string, pattern: RegExp) =>
  mailsTo(smtp, to).filter((m) => pattern.test(m.mail.subject ?? ''));

test('access requests: one inbox, one domain and the whole service are capped; the operator gets a digest', async () => {
  await awayFromTheHourEnd();
  const startedAt = new Date();
  const { ctx, dataDir } = await service();
  try {
    const ask = (email: string) =>
      postJson(ctx, '/api/v1/access-requests', {
        organisation: 'Flood Lab',
        name: 'F',
        email,
        intended_use: USE,
      });

    // 70 requests for one inbox under 70 tags: 202 every time, three stored and mailed.
    for (let i = 0; i < 70; i++) expect((await ask(`victim+${i}@target.example`)).status).toBe(202);
    // gmail.com ignores dots, and googlemail.com is gmail.com: one inbox, already three times today after these.
    for (const email of ['a.lice@gmail.com', 'alice@googlemail.com', 'al.ice+x@gmail.com', 'alice@gmail.com'])
      expect((await ask(email)).status).toBe(202);

    // One domain: 20 an hour (three of them taken above), then 429 with Retry-After; nothing stored.
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 19; i++) {
      const reply = await ask(`person${i}@target.example`);
      statuses.push(reply.status);
      if (reply.status === 429) refused = reply;
    }
    expect(statuses).toEqual([...Array(17).fill(202), 429, 429]);
    expectError(refused!, 429, 'rate_limited');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused!.body.error.message).toMatch(/target\.example/);
    // The form says the same beside the form, not "thank you".
    const form = await fetch(`${ctx.server.url}/access/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ctx.siteUrl },
      body: new URLSearchParams({
        organisation: 'Flood Lab',
        name: 'F',
        email: 'late@target.example',
        intended_use: USE,
      }),
    });
    expect(form.status).toBe(429);
    expect(await form.text()).toMatch(/We cannot take this access request now/);

    // The whole service: 100 an hour (23 so far), then 429 for any domain.
    const overall: number[] = [];
    for (let i = 0; i < 80; i++) overall.push((await ask(`someone@lab${i}.example`)).status);
    expect(overall).toEqual([...Array(77).fill(202), 429, 429, 429]);

    await expect
      .poll(() => subjects(ctx.smtp, OPERATOR, /^Access requested by/).length, { timeout: 15_000 })
      .toBe(10);
    await settle();
    const victim = ctx.smtp.received.filter((m) => m.envelopeTo.some((to) => to.startsWith('victim+')));
    expect(victim).toHaveLength(3);
    const alice = ctx.smtp.received.filter((m) => m.envelopeTo.some((to) => /^a\.?l\.?ice/.test(to)));
    expect(alice).toHaveLength(3);
    // The operator: the hour's first ten, one by one; the other 90 wait for the digest.
    expect(subjects(ctx.smtp, OPERATOR, /^Access requested by/)).toHaveLength(10);
    expect(subjects(ctx.smtp, OPERATOR, /access requests this hour/)).toHaveLength(0);

    await deliverAtHourEnd(ctx, dataDir, startedAt);
    const digests = subjects(ctx.smtp, OPERATOR, /access requests this hour/);
    expect(digests.map((m) => m.mail.subject)).toEqual(['100 access requests this hour']);
    expect(new Set(digests[0]!.mail.text!.match(/acr_[\w-]+/g))).toHaveProperty('size', 100);
    expect(subjects(ctx.smtp, OPERATOR, /^Access requested by/)).toHaveLength(10);
  } finally {
    await ctx.stop();
  }
}, 180_000);

test('one lab: 20 live keys, 30 data requests an hour; the lead gets five mails and a digest', async () => {
  await awayFromTheHourEnd();
  const startedAt = new Date();
  const { ctx, dataDir } = await service();
  try {
    const lab = await selfServeLab(ctx, 'Flooding Lab');
    const keys: string[] = [];
    for (let i = 0; i < 20; i++) {
      const made = await sessionCall(ctx, lab.cookie, '/api/v1/keys', {
        method: 'POST',
        body: { name: `k${i}` },
      });
      expect(made.status, made.text).toBe(201);
      keys.push(made.body.data.id);
    }
    const over = await sessionCall(ctx, lab.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'k20' },
    });
    expectError(over, 409, 'conflict');
    expect(over.body.error.message).toMatch(/20 live API keys/);
    expect(over.body.error.message).toMatch(/revoke one/);
    expect((await sessionCall(ctx, lab.cookie, `/api/v1/keys/${keys[0]}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    const room = await sessionCall(ctx, lab.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'k20' },
    });
    expect(room.status, room.text).toBe(201);

    const post = async (key: string, i: number) =>
      readReply(
        await fetch(`${ctx.server.url}/api/v1/requests`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            data_types: ['call_audio'],
            description: `Flood request number ${i}, please ignore.`,
          }),
        }),
      );
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 32; i++) {
      const reply = await post(room.body.data.key, i);
      statuses.push(reply.status);
      if (reply.status === 429) refused = reply;
    }
    expect(statuses).toEqual([...Array(30).fill(201), 429, 429]);
    expectError(refused!, 429, 'rate_limited');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused!.body.error.message).toMatch(/30 data requests this hour/);
    const stored = await sessionCall(ctx, lab.cookie, '/api/v1/requests?limit=100');
    expect(stored.body.data).toHaveLength(30);
    // Another lab is not held up by this one.
    const neighbour = await makeLab({ DATA_DIR: dataDir }, 'Neighbour Lab');
    expect((await post(neighbour.key, 0)).status).toBe(201);

    await expect
      .poll(() => subjects(ctx.smtp, OPERATOR, /^New data request from/).length, { timeout: 15_000 })
      .toBe(6);
    await settle();
    expect(subjects(ctx.smtp, OPERATOR, /^New data request from Flooding Lab/)).toHaveLength(5);
    expect(subjects(ctx.smtp, OPERATOR, /^New data request from Neighbour Lab/)).toHaveLength(1);
    // The lab's own acknowledgements still come, one per request stored.
    await expect
      .poll(() => subjects(ctx.smtp, lab.email, /^We received your data request/).length, { timeout: 15_000 })
      .toBe(30);

    await deliverAtHourEnd(ctx, dataDir, startedAt);
    const digests = subjects(ctx.smtp, OPERATOR, /data requests from Flooding Lab this hour/);
    expect(digests.map((m) => m.mail.subject)).toEqual(['30 data requests from Flooding Lab this hour']);
    expect(new Set(digests[0]!.mail.text!.match(/req_[\w-]+/g))).toHaveProperty('size', 30);
  } finally {
    await ctx.stop();
  }
}, 180_000);

test('access requests sent at once: none lost, none doubled, and one inbox still gets three', async () => {
  await awayFromTheHourEnd();
  const { ctx } = await service();
  try {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        postJson(ctx, '/api/v1/access-requests', {
          organisation: `Rush Lab ${i}`,
          name: 'R',
          email: `rush${i}@rush${i}.example`,
          intended_use: USE,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(25).fill(202));
    // And 20 at once for one inbox under 20 tags: 202 each, three stored.
    const tagged = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postJson(ctx, '/api/v1/access-requests', {
          organisation: 'Rush Lab',
          name: 'R',
          email: `same+${i}@same.example`,
          intended_use: USE,
        }),
      ),
    );
    expect(tagged.map((answer) => answer.status)).toEqual(Array(20).fill(202));
    const listed = (await opsOk(ctx.operator, 'access', 'list')) as { id: string; email: string }[];
    expect(listed.filter((request) => request.email.startsWith('rush'))).toHaveLength(25);
    expect(listed.filter((request) => request.email.startsWith('same+'))).toHaveLength(3);
    expect(new Set(listed.map((request) => request.id)).size).toBe(28);
  } finally {
    await ctx.stop();
  }
}, 60_000);

test('data requests sent at once: each one reaches the lead, on its own or in the digest', async () => {
  await awayFromTheHourEnd();
  const startedAt = new Date();
  const { ctx, dataDir } = await service();
  try {
    const lab = await makeLab({ DATA_DIR: dataDir }, 'Rushing Lab');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postJson(
          ctx,
          '/api/v1/requests',
          { data_types: ['call_audio'], description: `Rushed request number ${i}, please ignore.` },
          { Authorization: `Bearer ${lab.key}` },
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    await expect
      .poll(() => subjects(ctx.smtp, OPERATOR, /^New data request from Rushing Lab/).length, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(5);
    await deliverAtHourEnd(ctx, dataDir, startedAt);
    const toLead = subjects(ctx.smtp, OPERATOR, /Rushing Lab/)
      .map((m) => m.mail.text ?? '')
      .join('\n');
    for (const answer of answers) expect(toLead).toContain(answer.body.data.id);
    expect(subjects(ctx.smtp, OPERATOR, /data requests from Rushing Lab this hour/)).toHaveLength(1);
  } finally {
    await ctx.stop();
  }
}, 60_000);
