// Every event of a request's and a lab's life received by a real HTTP server on loopback that verifies each
// signature with `standardwebhooks`, and retries until taken (issue 22, contract §10).

import { describe, expect, test } from 'vitest';
import { eventSchema } from '../../api/domain/webhooks/event-schemas.ts';
import type { WebhookEventType } from '../../api/store/records.ts';
import { expectError } from '../support/api-client.ts';
import { selfServeSuite, sessionCall } from '../support/self-serve.ts';
import { FAST_RETRIES, types, until, webhookHelpers } from '../support/webhooks-over-http.ts';
import { opsOk } from '../support/ops.ts';

const LISTING = 'us-auto-insurance-claims-calls';
const suite = selfServeSuite('Webhook Lab', FAST_RETRIES);
const { receiver, endpointFor } = webhookHelpers(suite);

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
