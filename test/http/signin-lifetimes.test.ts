// How long a mailed link lives (issue 41 item 4, contract §14): one asked for at /signin/ lives 15 minutes; the
// first link after an approval or an invitation lives 72 hours, since a lab may read that mail hours later. Each
// is used once. Read from the mail the person gets and from the token's record in the store.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openStore } from '../../api/store/open-store.ts';
import type { Store } from '../../api/store/store.ts';
import { opsOk } from '../support/ops.ts';
import {
  follow,
  freshSigninLink,
  mailTo,
  postJson,
  selfServeSuite,
  sessionCall,
  signinLinkIn,
} from '../support/self-serve.ts';
import { storeEnv } from '../support/store-env.ts';

const suite = selfServeSuite('Lifetime Lab');
let store: Store;
beforeAll(async () => {
  const { dataDir } = suite.ctx.server;
  store = await openStore({ dataDir, databaseUrl: (await storeEnv(dataDir)).DATABASE_URL });
});
afterAll(() => store?.close());

const HOUR = 3_600_000;

/** How long the newest link mailed to `email` lives, from its record. */
async function newestLinkLife(email: string): Promise<number> {
  const tokens = await store.signinTokensSince(email, new Date(0));
  const newest = tokens.sort((a, b) => a.created_at.localeCompare(b.created_at)).at(-1)!;
  return Date.parse(newest.expires_at) - Date.parse(newest.created_at);
}

describe('lifetimes', () => {
  test('the link in the approval mail lives 72 hours, and works once', async () => {
    const email = `approved.${Date.now()}@lab.example`;
    const asked = await postJson(suite.ctx, '/api/v1/access-requests', {
      organisation: 'Late Reader Lab',
      name: 'Lee Late',
      email,
      intended_use: 'Evaluating speech recognition on call-centre audio before licensing.',
    });
    expect(asked.status).toBe(202);
    const request = (await opsOk(suite.ctx.operator, 'access', 'list')).find((r: any) => r.email === email);
    await opsOk(suite.ctx.operator, 'access', 'approve', request.id);
    const mail = await mailTo(suite.ctx.smtp, email, /access .* is ready/i);
    expect(mail.mail.text).toContain('it works once, for 72 hours');
    expect(await newestLinkLife(email)).toBe(72 * HOUR);
    const link = signinLinkIn(mail);
    expect((await follow(link)).location).toBe('/dashboard/');
    expect((await follow(link)).location).toBe('/signin/?error=used');
  });

  test('the link in an invitation lives 72 hours', async () => {
    const email = `invited.${Date.now()}@lab.example`;
    const reply = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/team/invitations', {
      method: 'POST',
      body: { email, role: 'member' },
    });
    expect(reply.status, reply.text).toBe(201);
    const mail = await mailTo(suite.ctx.smtp, email, /invited/i);
    expect(mail.mail.text).toContain('It works once, for 72 hours.');
    expect(await newestLinkLife(email)).toBe(72 * HOUR);
  });

  test('a link asked for at /signin/ lives 15 minutes', async () => {
    const link = await freshSigninLink(suite.ctx, suite.lab.email);
    expect(await newestLinkLife(suite.lab.email)).toBe(15 * 60_000);
    expect((await follow(link)).location).toBe('/dashboard/');
  });
});
