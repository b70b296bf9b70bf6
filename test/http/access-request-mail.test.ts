// The acknowledgment of an access request, against the built server with mail on a real SMTP server: anyone may
// ask for access in any address's name (contract §8: no sign-in first), so the mail that address gets carries
// nothing the requester typed. Otherwise the service would send a stranger's words (a link, "your account is
// locked") to any inbox, from our own sender, three times a day per address.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mailTo, postJson, startSelfServe, type SelfServe } from '../support/self-serve.ts';

let ctx: SelfServe;
beforeAll(async () => {
  ctx = await startSelfServe();
});
afterAll(async () => {
  await ctx?.stop();
});

test('the requester is told it was received, without the organisation or name they typed', async () => {
  const victim = `victim.${Date.now()}@lab.example`;
  const planted = 'Your account is locked, reset it at https://evil.example/reset';
  const asked = await postJson(ctx, '/api/v1/access-requests', {
    organisation: planted,
    name: 'Visit https://evil.example/now',
    email: victim,
    intended_use: 'Evaluating speech recognition on call-centre audio before licensing.',
  });
  expect(asked.status, asked.text).toBe(202);
  const mail = await mailTo(ctx.smtp, victim, /received your access request/i);
  for (const part of [mail.mail.subject ?? '', mail.mail.text ?? '', String(mail.mail.html)]) {
    expect(part).not.toContain('evil.example');
    expect(part).not.toContain('locked');
  }
  // The operator still sees all of it, to decide.
  const toOperator = await mailTo(ctx.smtp, 'sourcing@localhost', /Access requested by/);
  expect(toOperator.mail.text).toContain(planted);
});

test('an RFC 2047 encoded-word in the organisation reaches the operator as typed, not decoded into other words', async () => {
  // "=?utf-8?B?…?=" decodes to "Approved by staff": a mail client must show the characters the requester typed.
  const organisation = 'Lab =?utf-8?B?QXBwcm92ZWQgYnkgc3RhZmY=?= Ltd';
  const asked = await postJson(ctx, '/api/v1/access-requests', {
    organisation,
    name: 'Ada Admin',
    email: `encoded.${Date.now()}@lab.example`,
    intended_use: 'Evaluating speech recognition on call-centre audio before licensing.',
  });
  expect(asked.status, asked.text).toBe(202);
  const toOperator = await mailTo(ctx.smtp, 'sourcing@localhost', /Access requested by Lab =/);
  expect(toOperator.mail.subject).toBe(`Access requested by ${organisation}`);
  expect(toOperator.mail.subject).not.toContain('Approved by staff');
});
