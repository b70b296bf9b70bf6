// The dashboard's pages as a lab uses them without JavaScript, over HTTP against the service (the audit of the lab
// dashboard). Here: requests named as people would, keys named in what the page says, and a reason
// phrase that matches each status.

import { beforeAll, describe, expect, test } from 'vitest';
import { opsOk } from '../support/ops.ts';
import {
  invited,
  selfServeLab,
  selfServeSuite,
  sessionCall,
  type SelfServeLab,
} from '../support/self-serve.ts';
import { dashboardPages, element, text } from '../support/dashboard-pages.ts';

const suite = selfServeSuite('Pages Lab');
const { page, post } = dashboardPages(suite);

describe('/dashboard/requests/: named as people would, the reply and the outcome shown', () => {
  let lab: SelfServeLab;
  let id = '';
  const DESCRIPTION = 'Spanish claims calls with agent and customer on separate channels, for diarisation.';

  beforeAll(async () => {
    lab = await selfServeLab(suite.ctx, 'Requests Lab');
    const created = await sessionCall(suite.ctx, lab.cookie, '/api/v1/requests', {
      method: 'POST',
      body: { data_types: ['call_audio'], description: DESCRIPTION },
    });
    id = created.body.data.id;
  });

  const row = async () =>
    text(element((await page('/dashboard/requests/', lab.cookie)).html, '<tbody', 'tbody'));
  const facts = async () =>
    text(element((await page(`/dashboard/requests/${id}/`, lab.cookie)).html, '<dl class="facts"', 'dl'));

  test('a row shows the first words of what was asked; a reply replaces "Reply due"; closing shows the outcome', async () => {
    expect(await row()).toContain('Spanish claims calls with agent and customer');
    expect(await row()).toMatch(/Reply due|Due/);
    await opsOk(
      suite.ctx.operator,
      'requests',
      'reply',
      id,
      '--message',
      'Two listings fit; details follow.',
    );
    expect(await row()).toMatch(/Replied/);
    expect(await row()).not.toMatch(/Reply due|Due \d/);
    expect(await facts()).toMatch(/Replied/);
    expect(await facts()).not.toMatch(/Reply due/);
    const withdrawn = await post(`/dashboard/requests/${id}/`, lab.cookie, {
      action: 'withdraw',
      confirm: 'yes',
    });
    expect(withdrawn.status).toBe(303);
    expect(await row()).toMatch(/Closed: withdrawn/i);
    expect(await facts()).not.toMatch(/Reply due/);
  });

  test('a closed request that was never answered shows no reply due either', async () => {
    const created = await sessionCall(suite.ctx, lab.cookie, '/api/v1/requests', {
      method: 'POST',
      body: { data_types: ['ct_study'], description: 'Chest CT studies with radiology reports, any vendor.' },
    });
    const other = created.body.data.id as string;
    await opsOk(suite.ctx.operator, 'requests', 'move', other, 'closed', '--outcome', 'no_match');
    const list = text(element((await page('/dashboard/requests/', lab.cookie)).html, '<tbody', 'tbody'));
    const closedRow = list.slice(list.indexOf('Chest CT studies'));
    expect(closedRow).toMatch(/Closed: no match/i);
    expect(closedRow.slice(0, 200)).not.toMatch(/Due \d|Reply due/);
  });
});

describe('/dashboard/keys/: a key is named by its name, and a rotated one told from its successor', () => {
  test('revoke and rotate say the name; the old row says it was replaced and until when it works', async () => {
    const lab = await selfServeLab(suite.ctx, 'Named Keys Lab');
    const made = await post('/dashboard/keys/', lab.cookie, { action: 'create', name: 'staging' });
    expect(made.status).toBe(200);
    const keys = (await sessionCall(suite.ctx, lab.cookie, '/api/v1/keys')).body.data as { id: string }[];
    const keyId = keys[0]!.id;
    const rotated = await post('/dashboard/keys/', lab.cookie, {
      action: 'rotate',
      id: keyId,
      grace_hours: '2',
      confirm: 'yes',
    });
    expect(rotated.status).toBe(200);
    const note = text(element(rotated.html, '<section class="notice"', 'section'));
    expect(note).toContain('“staging”');
    expect(note).not.toContain(keyId);
    const oldRow = text(element(rotated.html, `<tr data-key-id="${keyId}"`, 'tr'));
    expect(oldRow).toMatch(/Replaced/);
    expect(oldRow).toMatch(/works until/);
    const successor = (
      (await sessionCall(suite.ctx, lab.cookie, '/api/v1/keys')).body.data as { id: string }[]
    )
      .map((key) => key.id)
      .find((other) => other !== keyId)!;
    const newRow = text(element(rotated.html, `<tr data-key-id="${successor}"`, 'tr'));
    expect(newRow).not.toMatch(/Replaced/);
    expect(newRow).toMatch(/Replaces/);
    const revoked = await post('/dashboard/keys/', lab.cookie, {
      action: 'revoke',
      id: successor,
      confirm: 'yes',
    });
    const message = text(element(revoked.html, '<p class="notice"', 'p'));
    expect(message).toContain('“staging”');
    expect(message).not.toContain(successor);
  });

  test('a rotation without confirmation changes nothing and asks first; the grace comes pre-filled', async () => {
    const lab = await selfServeLab(suite.ctx, 'Careful Keys Lab');
    await post('/dashboard/keys/', lab.cookie, { action: 'create', name: 'prod' });
    const { html } = await page('/dashboard/keys/', lab.cookie);
    expect(html).toMatch(/name="grace_hours"[^>]*value="1"/);
    const keyId = (
      (await sessionCall(suite.ctx, lab.cookie, '/api/v1/keys')).body.data as { id: string }[]
    )[0]!.id;
    for (const action of ['rotate', 'revoke']) {
      const asked = await post('/dashboard/keys/', lab.cookie, { action, id: keyId, grace_hours: '0' });
      expect(asked.status).toBe(200);
      expect(text(asked.html)).toMatch(/cannot be undone/);
      const state = (await sessionCall(suite.ctx, lab.cookie, '/api/v1/keys')).body.data;
      expect(state).toHaveLength(1);
      expect(state[0].state).toBe('active');
    }
  });
});

describe('the reason phrase matches the status', () => {
  test('422, 404 and 403 from pages are not "OK"', async () => {
    const invalid = await post('/dashboard/keys/', suite.lab.cookie, {
      action: 'create',
      name: 'x',
      expires_in_days: '999',
    });
    expect([invalid.status, invalid.statusText]).toEqual([422, 'Unprocessable Entity']);
    const missing = await page('/dashboard/requests/req_nothing/', suite.lab.cookie);
    expect([missing.status, missing.statusText]).toEqual([404, 'Not Found']);
    const member = await invited(suite.ctx, suite.lab, 'member');
    const forbidden = await post('/dashboard/keys/', member.cookie, { action: 'create', name: 'nope' });
    expect([forbidden.status, forbidden.statusText]).toEqual([403, 'Forbidden']);
  });
});
