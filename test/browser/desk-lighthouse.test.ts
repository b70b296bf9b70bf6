// Lighthouse on the sourcing desk (issue 40), signed in (the desk cookie sent as a header): the inbox and a request's
// page score at least 95 in performance, accessibility, best practices and SEO, in Debian's Chromium.
import type { LaunchedChrome } from 'chrome-launcher';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addStaff, deskSignin } from '../support/desk.ts';
import { makeLab } from '../support/lab.ts';
import { audit, expectPassing, launchChrome } from '../support/lighthouse.ts';
import { postJson, startSelfServe, type SelfServe } from '../support/self-serve.ts';

let ctx: SelfServe;
let chrome: LaunchedChrome;
let cookie: string;
let requestId: string;

beforeAll(async () => {
  ctx = await startSelfServe({}, { asProcess: true });
  const lab = await makeLab(ctx.operator, 'Lighthouse Speech Labs');
  const made = await postJson(
    ctx,
    '/api/v1/requests',
    { data_types: ['call_audio'], description: 'Claims calls for the desk lighthouse test.' },
    { Authorization: `Bearer ${lab.key}` },
  );
  requestId = made.body.data.id;
  cookie = await deskSignin(ctx, (await addStaff(ctx, 'admin')).email);
  chrome = await launchChrome();
}, 120_000);
afterAll(async () => {
  chrome?.kill();
  await ctx?.stop();
});

test.each(['/desk/', '/desk/requests/{id}'])(
  '%s scores at least 95 in every category',
  async (pattern) => {
    const path = pattern.replace('{id}', requestId);
    const result = await audit(chrome, ctx.server.url + path, { Cookie: cookie });
    expect(result.finalUrl).toBe(ctx.server.url + path); // signed in: not sent to /desk/signin/
    expectPassing(result);
  },
  120_000,
);
