// 1,000 sign-in link requests for one address (issue 21): limited per client IP (429 after 10 in 10 minutes) and
// per address (5 links per 15-minute window, whoever asks), so the inbox gets a few mails at most, and every answer
// for the address is the same 202 an unknown address gets. TRUST_PROXY lets the test speak from many IPs.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mailsTo, postJson, selfServeLab, startSelfServe, type SelfServe } from '../support/self-serve.ts';

let ctx: SelfServe;

beforeAll(async () => {
  ctx = await startSelfServe({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await ctx?.stop();
});

async function flood(email: string, ipOf: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < 1000; start += 50) {
    const batch = Array.from({ length: 50 }, (_, j) =>
      postJson(ctx, '/api/v1/session/link', { email }, { 'X-Forwarded-For': ipOf(start + j) }),
    );
    for (const reply of await Promise.all(batch)) statuses.push(reply.status);
  }
  return statuses;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 2500)); // the background pass sends mail each second

test('1,000 requests from one address: 429 after 10, and at most a few mails', async () => {
  const lab = await selfServeLab(ctx, 'Flooded Lab');
  const before = mailsTo(ctx.smtp, lab.email).length; // the acknowledgement and the approval's sign-in link
  const statuses = await flood(lab.email, () => '203.0.113.7'); // 10 get through the IP limit; 5 at most mailed
  expect(statuses.filter((s) => s === 202)).toHaveLength(10);
  expect(statuses.filter((s) => s === 429)).toHaveLength(990);
  await settle();
  expect(mailsTo(ctx.smtp, lab.email).length - before).toBeLessThanOrEqual(5);
});

test('1,000 requests from 1,000 addresses: every answer 202, the inbox gets at most 5 mails', async () => {
  const window = () => Math.floor(Date.now() / (15 * 60_000));
  const first = window();
  const lab = await selfServeLab(ctx, 'Distributed Flood Lab');
  const statuses = await flood(lab.email, (i) => `198.51.${Math.floor(i / 250)}.${i % 250}`);
  const windows = window() - first + 1; // the limit is per fixed 15-minute window: a flood across two gets two
  expect(new Set(statuses)).toEqual(new Set([202]));
  await settle();
  // Links only (not the access request's acknowledgement); the approval's link counts in the same window: 5 in all.
  const links = mailsTo(ctx.smtp, lab.email).filter((m) =>
    /\/signin\/callback\?token=/.test(m.mail.text ?? ''),
  );
  expect(links.length).toBeLessThanOrEqual(5 * windows);
  expect(links.length).toBeGreaterThanOrEqual(2);
});
