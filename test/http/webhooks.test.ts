// Webhooks over HTTP against the built server (issue 22, contract §10): endpoints made from a dashboard session,
// every event of a request's and a lab's life received by a real HTTP server on loopback that verifies each
// signature with `standardwebhooks`, retries until taken, a restart in the middle of retries, and the SSRF guard.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { eventSchema } from '../../api/domain/webhooks/event-schemas.ts';
import type { WebhookEventType } from '../../api/store/records.ts';
import { expectError } from '../support/api-client.ts';
import { freePort } from '../support/ports.ts';
import {
  invited,
  type SelfServe,
  type SelfServeLab,
  selfServeLab,
  selfServeSuite,
  sessionCall,
  startSelfServe,
} from '../support/self-serve.ts';
import { startServer } from '../support/server.ts';
import { startSilentMailServer } from '../support/silent-mail-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { opsOk } from '../support/ops.ts';

const LISTING = 'us-auto-insurance-claims-calls';
const FAST_RETRIES = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '0.2' };
const receivers: WebhookReceiver[] = [];

const suite = selfServeSuite('Webhook Lab', FAST_RETRIES);
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

async function receiver(options: Parameters<typeof startWebhookReceiver>[0] = {}) {
  const started = await startWebhookReceiver(options);
  receivers.push(started);
  return started;
}

/**
 * An endpoint on `target`, made by `who` on the suite's server (or on `on`, a test's own); the receiver learns the
 * secret from the one answer that shows it.
 */
async function endpointFor(
  target: WebhookReceiver,
  who: SelfServeLab,
  events?: string[],
  on: SelfServe = suite.ctx,
) {
  const made = await sessionCall(on, who.cookie, '/api/v1/webhooks', {
    method: 'POST',
    body: { url: target.url, ...(events ? { events } : {}) },
  });
  expect(made.status, made.text).toBe(201);
  target.secret = made.body.data.secret;
  return made.body.data as { id: string; url: string; events: string[]; secret: string };
}

const types = (target: WebhookReceiver) =>
  target.received.filter((r) => r.verified).map((r) => r.event!.type);

/** Waits until `check` holds (vitest's poll, with the time a background pass or a retry needs). */
const until = (check: () => boolean | Promise<boolean>, what: string) =>
  expect.poll(check, { timeout: 20_000, message: `waiting for ${what}` }).toBe(true);

describe('endpoints', () => {
  test('an admin makes one: 201 with the secret once, Location; lists never show the secret', async () => {
    const target = await receiver();
    const made = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/webhooks', {
      method: 'POST',
      body: { url: target.url, events: ['request.created', 'request.created'] },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.headers.get('location')).toBe(`/api/v1/webhooks/${made.body.data.id}`);
    const one = await sessionCall(suite.ctx, suite.lab.cookie, made.headers.get('location')!);
    expect(one.status, one.text).toBe(200);
    expect(one.body.data).toEqual({
      id: made.body.data.id,
      url: target.url,
      events: ['request.created'],
      created_at: made.body.data.created_at,
      status: 'active',
      disabled_at: null,
      disabled_reason: null,
    });
    expect(made.body.data).toMatchObject({ url: target.url, events: ['request.created'] });
    expect(made.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toContainEqual({
      id: made.body.data.id,
      url: target.url,
      events: ['request.created'],
      created_at: made.body.data.created_at,
      status: 'active',
      disabled_at: null,
      disabled_reason: null,
    });
    expect(listed.text).not.toContain(made.body.data.secret.slice(6));
    const operator = await opsOk(suite.ctx.operator, 'webhooks', 'list', '--org', suite.lab.orgId);
    expect(JSON.stringify(operator)).not.toContain(made.body.data.secret.slice(6));
    expect(operator.map((e: { id: string }) => e.id)).toContain(made.body.data.id);
    const deleted = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/webhooks/${made.body.data.id}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);
    const after = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/webhooks');
    expect(after.body.data.map((e: { id: string }) => e.id)).not.toContain(made.body.data.id);
  });

  test.each([
    ['no url', {}, 'url', 'https URL'],
    ['a url that is not one', { url: 'hooks dot example' }, 'url', 'https URL'],
    ['an ftp url', { url: 'ftp://hooks.example.com/in' }, 'url', 'https URL'],
    [
      'an unknown event',
      { url: 'http://127.0.0.1:9/in', events: ['request.deleted'] },
      'events.0',
      '"request.created"',
    ],
    [
      'a misspelt event',
      { url: 'http://127.0.0.1:9/in', events: ['request.create'] },
      'events.0',
      '"request.created"',
    ],
    [
      'one event not in a list',
      { url: 'http://127.0.0.1:9/in', events: 'key.created' },
      'events',
      'a list of event types',
    ],
    [
      'a longer event not in a list',
      { url: 'http://127.0.0.1:9/in', events: 'request.status_changed' },
      'events',
      'a list of event types',
    ],
    ['an unknown field', { url: 'http://127.0.0.1:9/in', secret: 'mine' }, 'secret', 'unknown field'],
  ])('%s is 422 naming the field and what to write', async (_name, body, field, hint) => {
    const reply = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/webhooks', {
      method: 'POST',
      body,
    });
    expectError(reply, 422, 'invalid');
    expect(Object.keys(reply.body.error.fields)).toEqual([field]);
    // One problem, one message: a string is no list, and not also "too many event types" for its length.
    expect(reply.body.error.fields[field]).toEqual([expect.stringContaining(hint)]);
  });

  test('event types in any case are stored as named', async () => {
    const reply = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/webhooks', {
      method: 'POST',
      body: { url: 'http://127.0.0.1:9/in', events: ['Request.Replied', 'KEY.CREATED'] },
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.data.events).toEqual(['request.replied', 'key.created']);
    await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/webhooks/${reply.body.data.id}`, {
      method: 'DELETE',
    });
  });

  test('a key cannot manage webhooks, a member can only look, another organisation gets 404', async () => {
    const target = await receiver();
    const endpoint = await endpointFor(target, suite.lab);
    const key = (
      await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
        method: 'POST',
        body: { name: 'hooks' },
      })
    ).body.data.key;
    const withKey = await sessionCall(suite.ctx, '', '/api/v1/webhooks', {
      headers: { Authorization: `Bearer ${key}` },
    });
    expectError(withKey, 403, 'forbidden');
    expect(withKey.body.error.message).toContain('webhooks are managed from the dashboard');
    const member = await invited(suite.ctx, suite.lab, 'member');
    expect((await sessionCall(suite.ctx, member.cookie, '/api/v1/webhooks')).status).toBe(200);
    expect(
      (await sessionCall(suite.ctx, member.cookie, `/api/v1/webhooks/${endpoint.id}/deliveries`)).status,
    ).toBe(200);
    for (const [method, path] of [
      ['POST', '/api/v1/webhooks'],
      ['DELETE', `/api/v1/webhooks/${endpoint.id}`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/test`],
    ] as const) {
      const body = method === 'POST' && path === '/api/v1/webhooks' ? { url: target.url } : undefined;
      expectError(await sessionCall(suite.ctx, member.cookie, path, { method, body }), 403, 'forbidden');
    }
    const other = await selfServeLab(suite.ctx, 'Other Hooks Lab');
    expect((await sessionCall(suite.ctx, member.cookie, `/api/v1/webhooks/${endpoint.id}`)).status).toBe(200);
    for (const [method, path] of [
      ['GET', `/api/v1/webhooks/${endpoint.id}`],
      ['GET', `/api/v1/webhooks/${endpoint.id}/deliveries`],
      ['DELETE', `/api/v1/webhooks/${endpoint.id}`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/test`],
    ] as const) {
      expectError(await sessionCall(suite.ctx, other.cookie, path, { method }), 404, 'not_found');
    }
    const foreignOrigin = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/webhooks', {
      method: 'POST',
      body: { url: target.url },
      origin: 'https://evil.example',
    });
    expectError(foreignOrigin, 403, 'forbidden');
    // Not "use an API key": no key may manage webhooks.
    expect(foreignOrigin.body.error.message).toContain(
      `done from the dashboard, ${suite.ctx.siteUrl}/dashboard/`,
    );
  });
});

describe('events', () => {
  test("a lab's life arrives as signed events that standardwebhooks verifies", async () => {
    const target = await receiver();
    await endpointFor(target, suite.lab);
    const made = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'events' },
    });
    const key = made.body.data;
    const asKey = (path: string, init: RequestInit = {}) =>
      fetch(suite.ctx.server.url + path, {
        ...init,
        headers: { Authorization: `Bearer ${key.key}`, 'Content-Type': 'application/json' },
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const created = await asKey('/api/v1/requests', {
      method: 'POST',
      body: JSON.stringify({
        data_types: ['call_audio'],
        volume: '1-5 TB',
        description: 'English insurance calls for ASR.',
      }),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    await opsOk(suite.ctx.operator, 'requests', 'reply', id, '--message', 'We have two candidates.');
    await opsOk(suite.ctx.operator, 'requests', 'move', id, 'closed', '--outcome', 'licensed');
    const nda = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/nda')).body.data;
    const signer = { signer_name: 'Ada Admin', signer_title: 'Head of Data', authorised: true };
    const accepted = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/nda/acceptances', {
      method: 'POST',
      body: { version: nda.version, sha256: nda.sha256, ...signer },
    });
    expect(accepted.status, accepted.text).toBe(201);
    await opsOk(suite.ctx.operator, 'nda', 'verify', '--org', suite.lab.orgId);
    expect((await asKey(`/api/v1/samples/${LISTING}`, { method: 'POST' })).status).toBe(202);
    await until(() => types(target).includes('sample.link_sent'), 'sample.link_sent');
    await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${key.id}`, { method: 'DELETE' });
    await opsOk(suite.ctx.operator, 'nda', 'revoke', '--org', suite.lab.orgId);
    const expected = [
      'key.created',
      'request.created',
      'request.status_changed',
      'request.replied',
      'request.status_changed',
      'nda.verified',
      'sample.link_sent',
      'key.revoked',
      'nda.revoked',
    ];
    await until(() => types(target).length >= expected.length, 'every event');
    expect(types(target).sort()).toEqual([...expected].sort());
    expect(target.received.every((r) => r.verified && r.status === 204)).toBe(true);
    for (const { event } of target.received) eventSchema(event!.type as WebhookEventType).parse(event); // as documented
    const byType = (type: string) =>
      target.received.filter((r) => r.event?.type === type).map((r) => r.event!.data);
    expect(byType('request.created')[0]).toMatchObject({ id, status: 'received' });
    expect(byType('request.status_changed')).toContainEqual(
      expect.objectContaining({ id, status: 'closed', previous_status: 'in_review', outcome: 'licensed' }),
    );
    expect(byType('request.replied')[0]).toMatchObject({ id, message: 'We have two candidates.' });
    expect(byType('key.created')[0]).toMatchObject({ id: key.id, name: 'events' });
    expect(byType('nda.verified')[0]).toMatchObject({ organisation_id: suite.lab.orgId, state: 'verified' });
    const me = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/me')).body;
    expect(byType('nda.revoked')[0]).toMatchObject({ organisation_id: suite.lab.orgId, state: 'revoked' });
    expect(me.data.nda).toMatchObject({ state: 'revoked', revoked_at: byType('nda.revoked')[0]!.revoked_at });
    expect(JSON.stringify(target.received)).not.toContain(key.key); // the key itself never leaves
    expect(JSON.stringify(byType('sample.link_sent'))).not.toContain('token='); // nor the link
    expect(new Set(target.received.map((r) => r.id)).size).toBe(target.received.length);
  });

  test('a receiver failing five times gets the sixth attempt: one delivery, delivered, six attempts', async () => {
    const target = await receiver({ failFirst: 5 });
    const endpoint = await endpointFor(target, suite.lab, ['request.created']);
    const sent = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/webhooks/${endpoint.id}/test`, {
      method: 'POST',
    });
    expect(sent.status, sent.text).toBe(202);
    await target.delivered(1, 30_000);
    expect(target.received.map((r) => r.status)).toEqual([500, 500, 500, 500, 500, 204]);
    expect(target.received[5]!.event).toMatchObject({
      type: 'webhook.test',
      data: { endpoint_id: endpoint.id },
    });
    await until(async () => {
      const log = await sessionCall(
        suite.ctx,
        suite.lab.cookie,
        `/api/v1/webhooks/${endpoint.id}/deliveries`,
      );
      return log.body.data[0]?.status === 'delivered';
    }, 'the delivery recorded');
    const log = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/webhooks/${endpoint.id}/deliveries`);
    expect(log.body).toMatchObject({ count: 1, next_cursor: null });
    expect(log.body.data[0]).toMatchObject({
      id: sent.body.data.id,
      event: 'webhook.test',
      status: 'delivered',
      status_code: 204,
      attempts: 6,
      next_retry_at: null,
    });
    const bad = await sessionCall(
      suite.ctx,
      suite.lab.cookie,
      `/api/v1/webhooks/${endpoint.id}/deliveries?limit=0&since=today`,
    );
    expectError(bad, 422, 'invalid');
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['limit', 'since']);
  });
});

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
  const own = await startSelfServe({ WEBHOOK_ALLOW_PRIVATE: 'true' });
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

test('without WEBHOOK_ALLOW_PRIVATE: https to a public address only, named in the refusal', async () => {
  const strict = await startSelfServe();
  try {
    const admin = await selfServeLab(strict, 'Strict Lab');
    for (const [url, says] of [
      ['http://hooks.example.com/in', 'must be https'],
      ['https://127.0.0.1/in', '127.0.0.1'],
      ['https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['https://[::1]:8443/in', '::1'],
      ['https://10.0.0.8/in', '10.0.0.8'],
    ]) {
      const reply = await sessionCall(strict, admin.cookie, '/api/v1/webhooks', {
        method: 'POST',
        body: { url },
      });
      expectError(reply, 422, 'invalid');
      expect(reply.body.error.fields.url[0]).toContain(says);
    }
    expect((await sessionCall(strict, admin.cookie, '/api/v1/webhooks')).body.data).toEqual([]);
  } finally {
    await strict.stop();
  }
});

test('without WEBHOOK_ALLOW_PRIVATE: an IPv6 form of an inner IPv4 address is refused as that address is', async () => {
  const strict = await startSelfServe();
  try {
    const admin = await selfServeLab(strict, 'IPv6 Forms Lab');
    // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d, deprecated by RFC 4291 but still parsed).
    for (const url of [
      'https://[::ffff:127.0.0.1]/in',
      'https://[::127.0.0.1]/in',
      'https://[::169.254.169.254]/latest/meta-data/',
      'https://[::10.0.0.8]/in',
    ]) {
      const reply = await sessionCall(strict, admin.cookie, '/api/v1/webhooks', {
        method: 'POST',
        body: { url },
      });
      expectError(reply, 422, 'invalid');
      expect(reply.body.error.fields.url[0], url).toContain('not a public address');
    }
    expect((await sessionCall(strict, admin.cookie, '/api/v1/webhooks')).body.data).toEqual([]);
  } finally {
    await strict.stop();
  }
});
