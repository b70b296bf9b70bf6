// The dashboard's pages as a lab uses them without JavaScript, over HTTP against the service (the audit of the lab
// dashboard). Here: webhook advice that holds, the last admin's refusal beside its Remove button, an
// empty email called missing, a group of choices refused, a withdrawal that asks first.

import { describe, expect, test } from 'vitest';
import { selfServeLab, selfServeSuite, sessionCall, startSelfServe } from '../support/self-serve.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { dashboardPages, element, text } from '../support/dashboard-pages.ts';

const suite = selfServeSuite('Pages Lab');
const { post } = dashboardPages(suite);

describe('/dashboard/webhooks/: advice that would be taken, and a delivery not yet tried is queued', () => {
  test('http to a loopback address: no "try https" (it would be refused too); to a public one, yes', async () => {
    const loopback = await post('/dashboard/webhooks/', suite.lab.cookie, {
      action: 'create',
      url: 'http://127.0.0.1:9999/hook',
    });
    expect(loopback.status).toBe(422);
    expect(loopback.statusText).toBe('Unprocessable Entity');
    const error = text(element(loopback.html, '<p class="field-error" id="field-url-error"', 'p'));
    expect(error).not.toMatch(/try https/);
    expect(error).toMatch(/127\.0\.0\.1/);
    // Beside the field only: over the form, one line points there rather than a second copy.
    expect(text(loopback.html).split('which is not a public address')).toHaveLength(2);
    const api = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/webhooks', {
      method: 'POST',
      body: { url: 'http://localhost:9999/hook' },
    });
    expect(api.status).toBe(422);
    expect(api.body.error.fields.url[0]).not.toMatch(/try https/);
    const publicAddress = await post('/dashboard/webhooks/', suite.lab.cookie, {
      action: 'create',
      url: 'http://93.184.215.14/hook',
    });
    expect(text(publicAddress.html)).toContain('try https://93.184.215.14/hook');
  });

  test('a test event behind one still being posted shows "Queued", with no attempt yet', async () => {
    const hooks = await startSelfServe({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    const receiver = await startWebhookReceiver({ hang: true });
    try {
      const lab = await selfServeLab(hooks, 'Queued Lab');
      const made = await sessionCall(hooks, lab.cookie, '/api/v1/webhooks', {
        method: 'POST',
        body: { url: receiver.url },
      });
      expect(made.status, made.text).toBe(201);
      const id = made.body.data.id as string;
      const testEvent = () =>
        sessionCall(hooks, lab.cookie, `/api/v1/webhooks/${id}/test`, { method: 'POST' });
      await testEvent();
      // The first is posted to a receiver that never answers: the sender waits on it (10 s).
      for (const deadline = Date.now() + 10_000; receiver.received.length === 0;) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await testEvent();
      const html = await (
        await fetch(`${hooks.server.url}/dashboard/webhooks/`, { headers: { Cookie: lab.cookie } })
      ).text();
      const rows = [...html.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((match) => text(match[1]!));
      const waiting = rows.filter((row) => /webhook\.test/.test(row) && !/Sending/.test(row));
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatch(/Queued/);
      expect(waiting[0]).not.toMatch(/retry/i);
    } finally {
      await receiver.close();
      await hooks.stop();
    }
  }, 60_000);
});

describe('/dashboard/team/: the last admin’s refusal is beside the Remove button that caused it', () => {
  test('the error is in that member’s row, not under the invitation form; 409 Conflict', async () => {
    const lab = await selfServeLab(suite.ctx, 'Lonely Admin Lab');
    const refused = await post('/dashboard/team/', lab.cookie, {
      action: 'remove',
      id: lab.accountId,
      confirm: 'yes',
    });
    expect(refused.status).toBe(409);
    expect(refused.statusText).toBe('Conflict');
    const row = element(refused.html, `<tr data-account-id="${lab.accountId}"`, 'tr');
    expect(text(row)).toMatch(/last admin/);
    expect(row).toMatch(/aria-describedby="remove-error-/);
    const invite = refused.html.slice(refused.html.indexOf('Invite a colleague'));
    expect(text(invite)).not.toMatch(/last admin/);
  });
});

describe('an empty email field says it is needed, not that it is malformed', () => {
  test.each([
    [
      '/access/',
      { organisation: 'Empty Lab', name: 'Em', email: '', intended_use: 'Evaluating ASR on call audio.' },
    ],
    ['/signin/', { email: '' }],
    ['/dashboard/team/', { action: 'invite', email: '', role: 'member' }],
  ])('%s', async (path, fields) => {
    const answer = await post(path, suite.lab.cookie, fields);
    expect(answer.status).toBe(422);
    expect(answer.statusText).toBe('Unprocessable Entity');
    const error = text(element(answer.html, '<p class="field-error" id="field-email-error"', 'p'));
    expect(error).toMatch(/Enter (your|their) work email/);
    expect(error).not.toMatch(/plain address/);
  });
});

describe("a group of choices refused: its error is linked to the group, as a field's is to its input", () => {
  test.each([
    ['/dashboard/team/', { action: 'invite', email: 'sam@lab.example', role: 'owner' }, 'role'],
    [
      '/access/',
      {
        organisation: 'Group Lab',
        name: 'Gil',
        email: 'gil@lab.example',
        intended_use: 'Evaluating ASR on call audio.',
        verticals: 'veterinary',
      },
      'verticals',
    ],
  ])('%s', async (path, fields, group) => {
    const answer = await post(path, suite.lab.cookie, fields);
    expect(answer.status).toBe(422);
    const fieldset = element(answer.html, `<fieldset[^>]*id="field-${group}"`, 'fieldset');
    expect(fieldset).toContain(`aria-describedby="${group}-error"`);
    expect(text(element(fieldset, `<p class="field-error" id="${group}-error"`, 'p')).trim()).not.toBe('');
  });
});

describe('/dashboard/requests/<id>/: withdrawing asks first', () => {
  test('a withdraw without confirmation changes nothing and asks; with it, the request is closed', async () => {
    const created = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/requests', {
      method: 'POST',
      body: { data_types: ['call_audio'], description: 'Outbound sales calls in German, both channels.' },
    });
    const path = `/dashboard/requests/${created.body.data.id}/`;
    const asked = await post(path, suite.lab.cookie, { action: 'withdraw' });
    expect(asked.status).toBe(200);
    expect(text(element(asked.html, '<section class="confirm"', 'section'))).toMatch(
      /Withdraw this request\?.*cannot be undone/,
    );
    const still = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/requests/${created.body.data.id}`);
    expect(still.body.data.status).toBe('received');
    const done = await post(path, suite.lab.cookie, { action: 'withdraw', confirm: 'yes' });
    expect(done.status).toBe(303);
    const closed = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/requests/${created.body.data.id}`);
    expect(closed.body.data).toMatchObject({ status: 'closed', outcome: 'withdrawn' });
  });

  test('a reason refused asks again with what was typed kept; a reason given reaches the history', async () => {
    const created = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/requests', {
      method: 'POST',
      body: { data_types: ['call_audio'], description: 'Inbound support calls in Dutch, both channels.' },
    });
    const id = created.body.data.id;
    const path = `/dashboard/requests/${id}/`;
    const tooLong = 'We found another source. '.repeat(41); // 1,025 characters, over the API's 1,000
    const refused = await post(path, suite.lab.cookie, {
      action: 'withdraw',
      confirm: 'yes',
      reason: tooLong,
    });
    expect(refused.status).toBe(422);
    expect(text(element(refused.html, '<p class="field-error" id="field-reason-error"', 'p'))).toMatch(
      /within 1,000 characters/,
    );
    expect(refused.html).toContain(tooLong.trim()); // kept in the field, to shorten rather than retype
    expect(text(element(refused.html, '<section class="confirm"', 'section'))).toMatch(
      /Withdraw this request\?/,
    );
    const still = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/requests/${id}`);
    expect(still.body.data.status).toBe('received');

    const done = await post(path, suite.lab.cookie, {
      action: 'withdraw',
      confirm: 'yes',
      reason: '  The project was cancelled.  ',
    });
    expect(done.status).toBe(303);
    const closed = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/requests/${id}`);
    expect(closed.body.data.events.at(-1)).toMatchObject({
      status: 'closed',
      message: 'Withdrawn by your organisation: The project was cancelled.',
    });
  });
});
