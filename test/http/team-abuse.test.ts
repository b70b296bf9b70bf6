// What a hostile or departed team member could still do (issue 41 items 8–10), against the built server with mail on a
// real SMTP server and webhooks on a real receiver: an admin removed or made a member gets nothing back through the
// invitations they sent before; a removed member's sample link stops downloading at once; a removed admin's webhook
// endpoint is disabled, shown so on every surface, and receives nothing more; and an invitation never tells an admin
// that an address has an account elsewhere.
import { afterEach, describe, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import { main } from '../../scripts/ops.ts';
import { childEnv } from '../support/child-env.ts';
import { opsOk } from '../support/ops.ts';
import { storeEnv } from '../support/store-env.ts';
import {
  follow,
  invited,
  mailsTo,
  mailTo,
  selfServeLab,
  selfServeSuite,
  sessionCall,
  signinLinkIn,
  type SelfServeLab,
} from '../support/self-serve.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const suite = selfServeSuite('Team Abuse Lab', {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_SECONDS: '0.2',
});
const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

const call = (who: { cookie: string }, path: string, options: Parameters<typeof sessionCall>[3] = {}) =>
  sessionCall(suite.ctx, who.cookie, path, options);

const invite = (who: { cookie: string }, email: string, role: 'admin' | 'member') =>
  call(who, '/api/v1/team/invitations', { method: 'POST', body: { email, role } });

/** The invitation link mailed to `email` (waiting for it). */
const invitationLink = async (email: string) => signinLinkIn(await mailTo(suite.ctx.smtp, email, /invited/i));

const teamOf = async (lab: SelfServeLab) => (await call(lab, '/api/v1/team')).body.data as any[];

/** `ops` as an operator reads it on a terminal (a table, not --json). */
async function opsTable(...args: string[]): Promise<string> {
  let out = '';
  const env = childEnv({ ...(await storeEnv(suite.ctx.server.dataDir)), ...suite.ctx.operator });
  const stdout = { write: (text: string) => void (out += text) };
  expect(await main(args, { env, stdout, stderr: { write: () => {} } })).toBe(0);
  return out;
}

let addresses = 0;
const address = (what: string) => `${what}${++addresses}.${Date.now()}@abuse.example`;

describe('invitations sent by an admin who then loses admin', () => {
  test('removing the admin cancels the invitations they sent: the link makes no account', async () => {
    const lab = await selfServeLab(suite.ctx, 'Removed Inviter Lab');
    const insider = await invited(suite.ctx, lab, 'admin');
    const spare = address('spare');
    expect((await invite(insider, spare, 'admin')).status).toBe(201);
    const link = await invitationLink(spare);

    expect((await call(lab, `/api/v1/team/${insider.accountId}`, { method: 'DELETE' })).status).toBe(204);

    const listed = (await call(lab, '/api/v1/team/invitations')).body.data as any[];
    expect(listed.map((i) => i.email)).not.toContain(spare);
    const used = await follow(link);
    expect(used.setCookie).toBe('');
    expect(used.location).toMatch(/^\/signin\/\?error=/);
    expect((await teamOf(lab)).map((m) => m.email)).not.toContain(spare);
  });

  test('making the admin a member cancels their invitations too', async () => {
    const lab = await selfServeLab(suite.ctx, 'Demoted Inviter Lab');
    const insider = await invited(suite.ctx, lab, 'admin');
    const spare = address('spare');
    expect((await invite(insider, spare, 'admin')).status).toBe(201);
    const link = await invitationLink(spare);

    const demoted = await invite(lab, insider.email, 'member');
    expect(demoted.status, demoted.text).toBe(200);

    const used = await follow(link);
    expect(used.setCookie).toBe('');
    expect((await teamOf(lab)).map((m) => m.email)).not.toContain(spare);
    // Their colleague's own invitations are untouched: the organisation's admin still invites as before.
    const colleague = await invited(suite.ctx, lab, 'admin');
    expect((await teamOf(lab)).find((m) => m.email === colleague.email)?.role).toBe('admin');
  });
});

describe("a removed member's sample link", () => {
  test('downloads before the removal and is refused (403) at once after it', async () => {
    const lab = await selfServeLab(suite.ctx, 'Sample Link Lab');
    const { version, sha256 } = (await call(lab, '/api/v1/nda')).body.data;
    const accepted = await call(lab, '/api/v1/nda/acceptances', {
      method: 'POST',
      body: { version, sha256, signer_name: 'Ada Admin', signer_title: 'Head of Data', authorised: true },
    });
    expect(accepted.status, accepted.text).toBe(201);
    await opsOk(suite.ctx.operator, 'nda', 'verify', '--org', lab.orgId);
    const member = await invited(suite.ctx, lab, 'member');
    const asked = await call(member, '/api/v1/samples/us-auto-insurance-claims-calls', { method: 'POST' });
    expect(asked.status, asked.text).toBe(202);
    const mail = await mailTo(suite.ctx.smtp, member.email, /sample .* is ready/i);
    const link = /(https?:\/\/\S+\/download\?token=[^\s>)"]+)/.exec(mail.mail.text ?? '')?.[1];
    expect(link, mail.mail.text).toBeDefined();
    const url = new URL(link!);
    const at = `${suite.ctx.server.url}${url.pathname}${url.search}`;

    const before = await fetch(at);
    expect(before.status).toBe(200);
    await before.arrayBuffer();

    expect((await call(lab, `/api/v1/team/${member.accountId}`, { method: 'DELETE' })).status).toBe(204);

    const after = await fetch(at);
    const body = await after.json();
    expect(after.status).toBe(403);
    expect(body.error).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/removed/) });
  });
});

describe("a removed admin's webhook endpoint", () => {
  test('is disabled, shown so by the API, the dashboard and the CLI, and receives nothing more', async () => {
    const lab = await selfServeLab(suite.ctx, 'Webhook Leaver Lab');
    const leaver = await invited(suite.ctx, lab, 'admin');
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const made = await call(leaver, '/api/v1/webhooks', {
      method: 'POST',
      body: { url: receiver.url, events: ['key.created'] },
    });
    expect(made.status, made.text).toBe(201);
    receiver.secret = made.body.data.secret;
    expect(made.body.data).toMatchObject({ status: 'active', disabled_at: null });
    expect((await call(lab, '/api/v1/keys', { method: 'POST', body: { name: 'before' } })).status).toBe(201);
    await receiver.delivered(1);

    expect((await call(lab, `/api/v1/team/${leaver.accountId}`, { method: 'DELETE' })).status).toBe(204);

    expect((await call(lab, '/api/v1/keys', { method: 'POST', body: { name: 'after' } })).status).toBe(201);
    const listed = (await call(lab, '/api/v1/webhooks')).body.data as any[];
    expect(listed).toEqual([
      expect.objectContaining({
        id: made.body.data.id,
        status: 'disabled',
        disabled_at: expect.any(String),
        disabled_reason: expect.stringMatching(/removed/),
      }),
    ]);
    expectError(
      await call(lab, `/api/v1/webhooks/${made.body.data.id}/test`, { method: 'POST' }),
      409,
      'conflict',
    );

    const page = await (
      await fetch(`${suite.ctx.server.url}/dashboard/webhooks/`, { headers: { Cookie: lab.cookie } })
    ).text();
    expect(page).toMatch(/Disabled: the account that made it was removed/);

    const cli = await opsOk(suite.ctx.operator, 'webhooks', 'list', '--org', lab.orgId);
    expect(cli[0]).toMatchObject({ id: made.body.data.id, status: 'disabled' });
    const table = (await opsTable('webhooks', 'list', '--org', lab.orgId)).split('\n');
    expect(table[0]).toMatch(/\bstatus\b/);
    expect(table.find((line) => line.includes(made.body.data.id))).toMatch(/\bdisabled\b/);

    await new Promise((resolve) => setTimeout(resolve, 2000)); // the background passes that would post it
    expect(receiver.received.map((r) => r.event?.data.name)).toEqual(['before']);
  });
});

describe('inviting an address whose account is in another organisation', () => {
  test('answers 201 as for any address; its holder is told by mail, with no link, and their account stays', async () => {
    const lab = await selfServeLab(suite.ctx, 'Prober Lab');
    const other = await selfServeLab(suite.ctx, 'Elsewhere Secret Lab');
    const nobody = address('nobody');
    const toStranger = await invite(lab, nobody, 'admin');
    const toHolder = await invite(lab, other.email, 'admin');
    expect(toHolder.status, toHolder.text).toBe(201);
    expect(toStranger.status).toBe(201);
    expect(Object.keys(toHolder.body.data).sort()).toEqual(Object.keys(toStranger.body.data).sort());
    expect(toHolder.body.data).toMatchObject({ email: other.email, role: 'admin' });
    const listed = (await call(lab, '/api/v1/team/invitations')).body.data as any[];
    expect(listed.map((i) => i.email)).toEqual(expect.arrayContaining([nobody, other.email]));

    const told = await mailTo(suite.ctx.smtp, other.email, /Prober Lab invited this address/);
    expect(told.mail.text).toMatch(/already has an account in another organisation/);
    expect(told.mail.text).not.toMatch(/\/signin\/callback/);
    expect(told.mail.text).not.toContain('Elsewhere');

    // Nothing moved or duplicated: the holder is still in their own organisation, alone, as its admin.
    const me = (await call(other, '/api/v1/me')).body.data;
    expect(me).toMatchObject({ organisation: { id: other.orgId }, role: 'admin' });
    expect((await teamOf(lab)).map((m) => m.email)).not.toContain(other.email);
    expect((await teamOf(other)).map((m) => m.email)).toEqual([other.email]);
    // The only link they were ever mailed is their own approval's.
    const links = mailsTo(suite.ctx.smtp, other.email).filter((m) =>
      /\/signin\/callback/.test(m.mail.text ?? ''),
    );
    expect(links.map((m) => m.mail.subject)).toEqual([expect.stringMatching(/access .* is ready/i)]);
  });
});
