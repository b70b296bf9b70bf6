// The self-serve journey over HTTP against the service (issue 21, contract §8): access request → the operator's
// approval → the sign-in mail from a real SMTP server on loopback → a session cookie (its attributes checked on the
// wire) → the NDA → keys → a sample link → the download; the team; signing out. Every endpoint answers as the
// contract says, with the error envelope for what it refuses. Here: access requests; the rest in self-serve-*.test.ts.

import { describe, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import { mailTo, postJson, selfServeSuite, signinLinkIn } from '../support/self-serve.ts';
import { ops, opsOk } from '../support/ops.ts';

const suite = selfServeSuite('Journey Lab');

describe('access requests', () => {
  test('202 received, the same for a known address; both mails go out; 3 a day per address', async () => {
    const email = `asker.${Date.now()}@lab.example`;
    const body = {
      organisation: 'Asker Lab',
      name: 'Ann Asker',
      email,
      intended_use: 'Benchmarking ASR models on accented speech.',
    };
    const first = await postJson(suite.ctx, '/api/v1/access-requests', body);
    expect(first.status, first.text).toBe(202);
    expect(first.body).toEqual({ data: { status: 'received' } });
    const known = await postJson(suite.ctx, '/api/v1/access-requests', { ...body, email: suite.lab.email });
    expect(known.status).toBe(202);
    expect(known.body).toEqual(first.body);
    await mailTo(suite.ctx.smtp, email, /received your access request/i);
    await mailTo(suite.ctx.smtp, 'sourcing@localhost', /Access requested by Asker Lab/);
    for (let i = 0; i < 3; i++)
      expect((await postJson(suite.ctx, '/api/v1/access-requests', body)).status).toBe(202);
    const stored = (await opsOk(suite.ctx.operator, 'access', 'list')).filter((r: any) => r.email === email);
    expect(stored).toHaveLength(3);
  });

  test('an approval from a shell without SITE_URL mails a link to where the server is', async () => {
    const email = `shell.${Date.now()}@lab.example`;
    await postJson(suite.ctx, '/api/v1/access-requests', {
      organisation: 'Shell Lab',
      name: 'Sam Shell',
      email,
      intended_use: 'Evaluating diarisation on call-centre audio.',
    });
    const { SITE_URL: _, ...shell } = suite.ctx.operator;
    const request = (await opsOk(shell, 'access', 'list')).find((r: any) => r.email === email);
    const approved = await ops(shell, 'access', 'approve', request.id);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stderr).toContain(`links: ${suite.ctx.siteUrl}/ (the server's SITE_URL)`);
    const link = new URL(signinLinkIn(await mailTo(suite.ctx.smtp, email, /access .* is ready/i)));
    expect(link.origin).toBe(suite.ctx.siteUrl); // not http://localhost:4321, SITE_URL's default
    const elsewhere = await ops(
      { ...suite.ctx.operator, SITE_URL: 'https://elsewhere.example' },
      'access',
      'list',
    );
    expect(elsewhere.stderr).toContain(
      `links: https://elsewhere.example/, from SITE_URL here; the server started with ${suite.ctx.siteUrl}/`,
    );
  });

  test.each([
    ['an email with CRLF', { email: 'a@lab.example\r\nBcc: victim@evil.example' }, 'email'],
    ['a 10,000-character name', { name: 'n'.repeat(10_000) }, 'name'],
    ['a name with CRLF', { name: 'Ann\r\nBcc: victim@evil.example' }, 'name'],
    ['an organisation with a newline', { organisation: 'Lab\nX-Injected: 1' }, 'organisation'],
    ['a short intended use', { intended_use: 'data' }, 'intended_use'],
    ['an unknown field', { admin: true }, 'admin'],
  ])('%s is 422 naming the field, and nothing is mailed', async (_name, change, field) => {
    const email = `bad.${Date.now()}@lab.example`;
    const reply = await postJson(suite.ctx, '/api/v1/access-requests', {
      organisation: 'Bad Lab',
      name: 'Bad Actor',
      email,
      intended_use: 'A long enough intended use for the check.',
      ...change,
    });
    expectError(reply, 422, 'invalid');
    expect(Object.keys(reply.body.error.fields)).toContain(field);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // a background pass would have sent by now
    expect(suite.ctx.smtp.received.some((m) => /victim@evil/.test(m.envelopeTo.join()))).toBe(false);
    expect(
      suite.ctx.smtp.received.some(
        (m) => m.envelopeTo.includes(email) || /Bad Lab/.test(m.mail.subject ?? ''),
      ),
    ).toBe(false);
  });

  test("an empty body is told what each required field takes, in words, not zod's", async () => {
    const reply = await postJson(suite.ctx, '/api/v1/access-requests', {});
    expectError(reply, 422, 'invalid');
    expect(reply.body.error.fields).toEqual({
      organisation: ['give the organisation’s name'],
      name: ['give your name'],
      email: [expect.stringMatching(/^required: one plain address such as lead@lab\.example/)],
      intended_use: ['required: text saying what you intend to use the data for'],
    });
  });

  test('a form post from /access/ without JavaScript: 303 to the thank-you state; from another site, 403', async () => {
    const email = `form.${Date.now()}@lab.example`;
    const post = (origin: string) =>
      fetch(`${suite.ctx.server.url}/api/v1/access-requests`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
        body: new URLSearchParams([
          ['organisation', 'Form Lab'],
          ['name', 'Fay Form'],
          ['email', email],
          ['intended_use', 'Evaluating imaging models on CT studies.'],
          ['verticals', 'medical_imaging'],
        ]),
      });
    const elsewhere = await post('https://evil.example');
    expect(elsewhere.status).toBe(403);
    expect((await elsewhere.json()).error.message).toContain('send JSON');
    const response = await post(suite.ctx.siteUrl);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/access/?sent=1');
    const pending = (await opsOk(suite.ctx.operator, 'access', 'list', '--status', 'pending')) as {
      email: string;
    }[];
    expect(pending.filter((request) => request.email === email)).toHaveLength(1); // the refused one stored nothing
  });

  test('ops access reject mails the reason; approving it again is refused', async () => {
    const email = `rejected.${Date.now()}@lab.example`;
    await postJson(suite.ctx, '/api/v1/access-requests', {
      organisation: 'No Lab',
      name: 'Nat',
      email,
      intended_use: 'Scraping everything we can find for a model.',
    });
    const request = (await opsOk(suite.ctx.operator, 'access', 'list')).find((r: any) => r.email === email);
    const rejected = await opsOk(
      suite.ctx.operator,
      'access',
      'reject',
      request.id,
      '--reason',
      'Not a lab we can serve.',
    );
    expect(rejected.status).toBe('rejected');
    const mail = await mailTo(suite.ctx.smtp, email, /^Your access request/);
    expect(mail.mail.text).toContain('Not a lab we can serve.');
  });
});
