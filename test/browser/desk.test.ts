// The sourcing desk in Debian's Chromium (issue 40), JavaScript off, at desktop (1366×900) and phone (390×844)
// width: sign in by the mailed link and its confirm button, read the inbox, reply to a request with a saved reply,
// move it, verify an NDA, approve access, read an organisation. Then every desk page passes axe (light and dark),
// has one h1 and named tables, and does not scroll sideways at either width.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations, openBrowser, photograph } from '../support/browser.ts';
import { addStaff } from '../support/desk.ts';
import { makeLab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import { mailsTo, postJson, startSelfServe, type SelfServe } from '../support/self-serve.ts';

let ctx: SelfServe;
let adminEmail = '';
beforeAll(async () => {
  ctx = await startSelfServe({}, { asProcess: true });
  adminEmail = (await addStaff(ctx, 'admin', 'Dana Desk')).email;
});
afterAll(async () => {
  await ctx?.stop();
});

/** Signs `page` in at the desk as a person does: the form, the mail, the confirm page's button. */
async function signInAtDesk(page: Page, email: string) {
  await page.goto(`${ctx.server.url}/desk/`);
  expect(new URL(page.url()).pathname).toBe('/desk/signin/');
  const before = mailsTo(ctx.smtp, email).length;
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await page.getByText('Check your inbox').waitFor();
  for (const until = Date.now() + 15_000; mailsTo(ctx.smtp, email).length <= before;) {
    if (Date.now() > until) throw new Error(`no desk sign-in mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const text = mailsTo(ctx.smtp, email).at(-1)!.mail.text!;
  await page.goto(/(http\S+\/desk\/signin\/callback\?\S+)/.exec(text)![1]!);
  await page.getByRole('button', { name: /^Sign in as a…@desk\.example$/ }).click();
  await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/desk/');
}

/** A desk section by its link in the desk's navigation. */
const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name, exact: true }).click();

async function seed(run: string) {
  const lab = await makeLab(ctx.operator, `Helix Speech Labs ${run}`);
  const made = await postJson(
    ctx,
    '/api/v1/requests',
    {
      data_types: ['call_audio'],
      languages: ['de'],
      description: `Claims calls in German for the ${run} journey.`,
    },
    { Authorization: `Bearer ${lab.key}` },
  );
  expect(made.status).toBe(201);
  await opsOk(ctx.operator, 'nda', 'accept', '--org', lab.orgId);
  const asked = await postJson(ctx, '/api/v1/access-requests', {
    organisation: `Northwind Imaging ${run}`,
    name: 'Nia North',
    email: `nia.${run}.${Date.now()}@northwind.example`,
    intended_use: 'Training a nodule detector on chest CT, evaluated before licensing.',
  });
  expect(asked.status).toBe(202);
  return { lab, requestId: made.body.data.id as string };
}

describe.each([
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const)('the desk journey at %s width, JavaScript off', (run, viewport) => {
  test(
    'sign in, inbox, reply with a saved reply, move, verify an NDA, approve access, read an organisation',
    { timeout: 120_000 },
    async () => {
      const { lab, requestId } = await seed(run);
      const browser = await openBrowser({ javaScriptEnabled: false, viewport });
      try {
        const page = await browser.context.newPage();
        await signInAtDesk(page, adminEmail);
        const cookie = (await browser.context.cookies()).find((c) => c.name === 'dss_desk')!;
        expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
        expect(await page.title()).toMatch(/^Inbox \(\d+ requests?, \d+ access requests?, \d+ NDAs?/);
        expect(await page.textContent('main')).toContain(lab.orgName);

        await section(page, 'Saved replies');
        await page.getByLabel('Title', { exact: true }).fill(`Listings fit (${run})`);
        await page
          .getByLabel('Reply', { exact: true })
          .fill('Two listings fit your request; a proposal follows this week.');
        await page.getByRole('button', { name: 'Save the reply' }).click();
        await page.getByText('Saved replies updated.').waitFor();

        await section(page, 'Inbox');
        await page.locator(`a[href="/desk/requests/${requestId}"]`).click();
        await page.getByRole('link', { name: `Listings fit (${run})` }).click();
        expect(await page.getByLabel('Your reply').inputValue()).toBe(
          'Two listings fit your request; a proposal follows this week.',
        );
        await page.getByRole('button', { name: 'Send reply' }).click();
        await page.getByText('Your reply was sent to the lab.').waitFor();
        await page.getByLabel('Move to').selectOption('proposal_sent');
        await page.getByLabel('Message to the lab (optional)').fill('Proposal attached.');
        await page.getByRole('button', { name: 'Move' }).click();
        await page.getByText('The request was moved; the lab is told.').waitFor();
        expect((await opsOk(ctx.operator, 'requests', 'show', requestId)).status).toBe('proposal_sent');

        await section(page, 'Inbox');
        await page.locator(`a[href="/desk/orgs/${lab.orgId}#nda"]`).click();
        await page.getByRole('button', { name: 'Verify the NDA' }).click();
        await page.getByText('The NDA is verified').waitFor();

        await section(page, 'Access');
        await page.getByRole('link', { name: `Northwind Imaging ${run}` }).click();
        await page.getByRole('button', { name: 'Approve' }).click();
        await page.getByText('Approved: the new admin is mailed a sign-in link.').waitFor();

        await section(page, 'Organisations');
        await page.getByLabel('Name').fill(`helix speech labs ${run}`);
        await page.getByRole('button', { name: 'Find' }).click();
        await page.getByRole('link', { name: lab.orgName }).click();
        await page.getByRole('heading', { name: lab.orgName, level: 1 }).waitFor();
        const main = (await page.textContent('main'))!;
        expect(main).toMatch(/NDA: Verified/);
        expect(main).toContain(lab.email);
        expect(main).toMatch(/Dana Desk \(stf_\w+\): nda\.verify/);
        expect(main).toMatch(/Dana Desk \(stf_\w+\): request\.reply/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      } finally {
        await browser.close();
      }
    },
  );
});

describe('every desk page: axe, one h1, named tables, no sideways scroll', () => {
  let signedIn: Awaited<ReturnType<typeof openBrowser>>;
  let paths: [string, string][] = [];
  beforeAll(async () => {
    const { lab, requestId } = await seed('axe');
    // The whole thread on the request's page (a lab message, our reply, an internal note, an owner), and a lab
    // message waiting in the inbox.
    const ask = (body: string) =>
      postJson(
        ctx,
        `/api/v1/requests/${requestId}/messages`,
        { body },
        { Authorization: `Bearer ${lab.key}` },
      );
    expect((await ask('Could the calls include the agent channel too?')).status).toBe(201);
    await opsOk(ctx.operator, 'requests', 'reply', requestId, '--message', 'Yes, both channels.');
    await opsOk(ctx.operator, 'requests', 'note', requestId, '--message', 'Check consent with legal.');
    const admin = (await opsOk(ctx.operator, 'staff', 'list')).find((s: any) => s.email === adminEmail);
    await opsOk(ctx.operator, 'requests', 'owner', requestId, admin.id);
    expect((await ask('And the call metadata?')).status).toBe(201);
    const access = (await opsOk(ctx.operator, 'access', 'list', '--status', 'pending'))[0];
    paths = [
      ['desk-signin', '/desk/signin/'],
      ['desk-inbox', '/desk/'],
      ['desk-requests', '/desk/requests/'],
      ['desk-request', `/desk/requests/${requestId}`],
      ['desk-access', '/desk/access/'],
      ['desk-access-request', `/desk/access/${access.id}`],
      ['desk-orgs', '/desk/orgs/'],
      ['desk-org', `/desk/orgs/${lab.orgId}`],
      ['desk-samples', '/desk/samples/'],
      ['desk-demand', '/desk/demand/'],
      ['desk-replies', '/desk/replies/'],
      ['desk-staff', '/desk/staff/'],
    ];
    signedIn = await openBrowser();
    await signInAtDesk(await signedIn.context.newPage(), adminEmail);
  });
  afterAll(() => signedIn?.close());

  test('each page', { timeout: 300_000 }, async () => {
    const page = await signedIn.context.newPage();
    for (const [name, path] of paths) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const response = await page.goto(ctx.server.url + path);
        expect(response!.status(), path).toBe(200);
        expect(await page.locator('h1').count(), path).toBe(1);
        expect((await axeViolations(page)).map((line) => `${path} ${scheme} ${line}`)).toEqual([]);
      }
      const unnamed = await page
        .locator('table')
        .evaluateAll(
          (tables) => tables.filter((t) => !(t as HTMLTableElement).caption?.textContent?.trim()).length,
        );
      expect(unnamed, `${path}: tables without a name`).toBe(0);
      await page.emulateMedia({ colorScheme: 'light' });
      const overflow = await photograph(page, name, () => page.goto(ctx.server.url + path));
      expect(overflow, `${name} must not scroll sideways`).toEqual({ desktop: 0, phone: 0 });
    }
  });
});
