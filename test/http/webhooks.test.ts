// Webhooks over HTTP against the service (issue 22, contract §10): endpoints made from a dashboard session, and who
// may make, read and delete them. Events in webhook-events.test.ts, one lab's trouble in webhook-isolation.test.ts,
// the SSRF guard in webhook-private-addresses.test.ts.

import { describe, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import { invited, selfServeLab, selfServeSuite, sessionCall } from '../support/self-serve.ts';
import { FAST_RETRIES, types, webhookHelpers } from '../support/webhooks-over-http.ts';
import { opsOk } from '../support/ops.ts';

const suite = selfServeSuite('Webhook Lab', FAST_RETRIES);
const { receiver, endpointFor } = webhookHelpers(suite);

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
