// Webhooks when something goes wrong (issue 22): a restart in the middle of retries, a lab's endpoint that hangs or
// is slow, a mail server that never answers; none holds up another lab, a shutdown or the mail. Each test has a
// server of its own.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { freePort } from '../support/ports.ts';
import {
  type SelfServe,
  type SelfServeLab,
  selfServeLab,
  sessionCall,
  startSelfServe,
} from '../support/self-serve.ts';
import { startServer } from '../support/server.ts';
import { startSilentMailServer } from '../support/silent-mail-server.ts';
import { FAST_RETRIES, until, webhookHelpers } from '../support/webhooks-over-http.ts';

const { receiver, endpointFor } = webhookHelpers();

test('a restart in the middle of retries loses nothing, and nothing is sent twice after success', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-hooks-restart-'));
  const port = String(await freePort());
  const env = { ...FAST_RETRIES, DATA_DIR: dataDir, PORT: port };
  const first = await startSelfServe(env);
  const target = await receiver({ failFirst: 6 });
  try {
    const admin = await selfServeLab(first, 'Restart Lab');
    const made = await sessionCall(first, admin.cookie, '/api/v1/webhooks', {
      method: 'POST',
      body: { url: target.url },
    });
    target.secret = made.body.data.secret;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = await sessionCall(first, admin.cookie, `/api/v1/webhooks/${made.body.data.id}/test`, {
        method: 'POST',
      });
      ids.push(sent.body.data.id);
    }
    await until(() => target.received.length >= 3, 'the first attempts');
    await first.server.stop(); // mid-retries: every delivery failed at least once
    expect(target.received.every((r) => r.status === 500)).toBe(true);
    const second = await startServer({ ...env, SITE_URL: first.siteUrl, SMTP_URL: first.smtp.url });
    try {
      await target.delivered(3, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 2500)); // passes enough to resend anything left claimed
      const delivered = target.received.filter((r) => r.status === 204).map((r) => r.id);
      expect(delivered.sort()).toEqual([...ids].sort());
    } finally {
      await second.stop();
    }
  } finally {
    await first.smtp.close();
  }
});

const newKey = (own: SelfServe, who: SelfServeLab, name: string) =>
  sessionCall(own, who.cookie, '/api/v1/keys', { method: 'POST', body: { name } });

test("a lab's endpoint that never answers holds up its own deliveries, not another lab's", async () => {
  // The first retry a minute away: the test ends before a second round of posts to the stuck endpoint.
  const own = await startSelfServe({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '60' });
  const stuck = await receiver({ hang: true });
  const healthy = await receiver();
  try {
    const stuckLab = await selfServeLab(own, 'Stuck Lab');
    const neighbour = await selfServeLab(own, 'Neighbour Lab');
    const stuckEndpoint = (await endpointFor(stuck, stuckLab, ['key.created'], own)).id;
    await endpointFor(healthy, neighbour, ['key.created'], own);
    for (let i = 0; i < 24; i++) expect((await newKey(own, stuckLab, `stuck ${i}`)).status).toBe(201);
    await expect.poll(() => stuck.received.length, { timeout: 5_000 }).toBeGreaterThan(0);

    // Three rounds of eight 10-second timeouts stood before it; now one.
    const asked = performance.now();
    expect((await newKey(own, neighbour, 'neighbour')).status).toBe(201);
    await healthy.delivered(1, 16_000);
    expect(performance.now() - asked).toBeLessThan(16_000);

    const log = async () =>
      (await sessionCall(own, stuckLab.cookie, `/api/v1/webhooks/${stuckEndpoint}/deliveries?limit=100`)).body
        .data as {
        status: string;
        attempts: number;
        last_error: string | null;
        next_retry_at: string | null;
      }[];
    await expect
      .poll(async () => (await log()).filter((d) => d.last_error !== null).length, { timeout: 5_000 })
      .toBe(24);
    const deliveries = await log();
    const posted = deliveries.filter((d) => d.attempts === 1);
    expect(posted.length).toBe(stuck.received.length); // each post answered by nothing, and recorded
    expect(posted.length).toBeLessThanOrEqual(8); // one post per sender, at most
    expect(posted.every((d) => d.last_error === 'no answer in 10 s')).toBe(true);
    const held = deliveries.filter((d) => d.attempts === 0);
    expect(held.length).toBe(24 - posted.length);
    for (const delivery of held) {
      expect(delivery).toMatchObject({ status: 'queued', next_retry_at: expect.any(String) });
      expect(delivery.last_error).toMatch(
        /^not sent: another delivery to this endpoint just failed: no answer in 10 s$/,
      );
    }
    expect(deliveries.every((d) => d.status === 'queued')).toBe(true); // nothing given up on: retried in a minute
  } finally {
    await own.stop();
  }
}, 60_000);

test("a lab's backlog to a slow endpoint holds up neither another lab's events nor a shutdown", async () => {
  // A process of its own: its shutdown and exit code are the subject.
  const own = await startSelfServe({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { asProcess: true });
  const slow = await receiver({ answerAfterMs: 1000 });
  const healthy = await receiver();
  try {
    const busyLab = await selfServeLab(own, 'Busy Lab');
    const neighbour = await selfServeLab(own, 'Neighbour Lab');
    await endpointFor(slow, busyLab, ['key.created'], own);
    await endpointFor(healthy, neighbour, ['key.created'], own);
    // 240 events answered a second each, eight at a time: 30 s to send them all. The first chunk is claimed before
    // the endpoint is known to be slow: 64 answers, 8 s.
    for (let i = 0; i < 240; i++) expect((await newKey(own, busyLab, `busy ${i}`)).status).toBe(201);
    await expect.poll(() => slow.received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(64);

    // Then the neighbour's events, one every 400 ms for 8 s: each waits for one of the slow answers at most, not for
    // another chunk of 64 (8 s) nor for the backlog (22 s).
    const asked = new Map<string, number>();
    for (let i = 0; i < 20; i++) {
      expect((await newKey(own, neighbour, `neighbour ${i}`)).status).toBe(201);
      asked.set(`neighbour ${i}`, performance.now());
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    await healthy.delivered(20, 10_000);
    const waits = healthy.received.map((r) => r.at - asked.get(String(r.event!.data.name))!);
    expect(Math.max(...waits)).toBeLessThan(3_000);
    expect(slow.received.length).toBeLessThan(200); // the backlog was still being sent

    // A shutdown waits for the chunk under way, not for the rest of the backlog: that stays queued for the next start.
    const stopping = performance.now();
    expect(await own.server.stop()).toBe(0);
    expect(performance.now() - stopping).toBeLessThan(5_000);
    expect(slow.received.length).toBeLessThan(240);
  } finally {
    await own.stop();
  }
}, 60_000);

test('a mail server that never answers holds up no webhook', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-hooks-silent-mail-'));
  const env = { WEBHOOK_ALLOW_PRIVATE: 'true', DATA_DIR: dataDir, PORT: String(await freePort()) };
  const first = await startSelfServe(env);
  const target = await receiver();
  const silent = await startSilentMailServer();
  try {
    const admin = await selfServeLab(first, 'Silent Mail Lab');
    const made = await sessionCall(first, admin.cookie, '/api/v1/webhooks', {
      method: 'POST',
      body: { url: target.url, events: ['request.created'] },
    });
    target.secret = made.body.data.secret;
    const key = (
      await sessionCall(first, admin.cookie, '/api/v1/keys', { method: 'POST', body: { name: 'k' } })
    ).body.data.key as string;
    await first.server.stop();
    // The same store, now with a mail server that takes connections and never says a word.
    const second = await startServer({ ...env, SITE_URL: first.siteUrl, SMTP_URL: silent.url });
    try {
      const submit = () =>
        fetch(`${second.url}/api/v1/requests`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            data_types: ['call_audio'],
            description: 'English insurance calls for ASR.',
          }),
        });
      expect((await submit()).status).toBe(201);
      // The first request's event is out; its two mails went out in the same pass, and wait 10 s for a greeting.
      await target.delivered(1);
      await until(() => silent.connections() >= 2, 'the mails going out');
      await new Promise((resolve) => setTimeout(resolve, 500)); // the webhooks' part of that pass is over
      const asked = performance.now();
      expect((await submit()).status).toBe(201);
      await target.delivered(2, 15_000);
      expect(performance.now() - asked).toBeLessThan(5_000);
    } finally {
      await second.stop();
    }
  } finally {
    await first.smtp.close();
    await silent.close();
  }
}, 60_000);
