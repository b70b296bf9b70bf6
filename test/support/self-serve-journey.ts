// The parts of the browser journey (test/browser/self-serve.test.ts) that read no state of it: the listing it starts
// from, the pages it checks, a key table's states, a key's answer from the API, and signing in through the pages.
import type { BrowserContext, Page } from 'playwright-core';
import { signinLinkIn, type SelfServe } from './self-serve.ts';

export const LISTING = 'us-auto-insurance-claims-calls';

export const PUBLIC = [
  ['access', '/access/'],
  ['signin', '/signin/'],
  ['legal-nda', '/legal/nda/'],
];
export const DASHBOARD = [
  ['dashboard', '/dashboard/'],
  ['dashboard-keys', '/dashboard/keys/'],
  ['dashboard-nda', '/dashboard/nda/'],
  ['dashboard-listings', '/dashboard/listings/'],
  ['dashboard-listing', `/dashboard/listings/${LISTING}/`],
  ['dashboard-requests', '/dashboard/requests/'],
  ['dashboard-request-new', `/dashboard/requests/new/?listing_id=${LISTING}`],
  ['dashboard-samples', '/dashboard/samples/'],
  ['dashboard-sample-new', `/dashboard/samples/new/?listing_id=${LISTING}`],
  ['dashboard-team', '/dashboard/team/'],
  ['dashboard-webhooks', '/dashboard/webhooks/'],
  ['dashboard-audit', '/dashboard/audit/'],
];

/** Each key row's state as the keys page shows it, by key id. */
export const keyStatesOn = async (page: Page) =>
  Object.fromEntries(
    await page
      .locator('tr[data-key-id]')
      .evaluateAll((rows) =>
        rows.map((row) => [row.getAttribute('data-key-id'), row.children[2]!.textContent!.trim()]),
      ),
  ) as Record<string, string>;

/** The status GET /api/v1/requests answers with `key`. */
export const statusWithKey = (ctx: SelfServe, key: string) =>
  fetch(`${ctx.server.url}/api/v1/requests`, { headers: { Authorization: `Bearer ${key}` } }).then(
    (r) => r.status,
  );

/** Signs `email` in within `context` as a person does: the /signin/ form, the mailed link, its confirm step. */
export async function signInThroughPages(
  ctx: SelfServe,
  context: BrowserContext,
  email: string,
): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${ctx.server.url}/signin/`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await page.getByText('Check your inbox').waitFor();
  const before = Date.now();
  for (;;) {
    const mails = ctx.smtp.received.filter(
      (m) => m.envelopeTo.includes(email) && /sign-in link/.test(m.mail.subject ?? ''),
    );
    if (mails.length) {
      await page.goto(signinLinkIn(mails.at(-1)!));
      await page.getByRole('button', { name: /^Sign in as / }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/');
      break;
    }
    if (Date.now() - before > 15_000) throw new Error('no sign-in mail');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.close();
}
