// The desk's header in Chromium (issue 40), at desktop (1366×900) and phone (390×844) width: a
// signed-in staff member sees the desk's sections (Staff only as an admin), their name and a Sign out button that
// works, never the public site's "Sign in"; /desk/signin/ shows neither. Axe-clean (axe needs JavaScript on; the
// sign-out form posts without it, as desk.test.ts's journey with JavaScript off shows), no sideways scroll.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations, openBrowser, photograph, signIn } from '../support/browser.ts';
import { addStaff, deskSignin, type Staff } from '../support/desk.ts';
import { startSelfServe, type SelfServe } from '../support/self-serve.ts';

let ctx: SelfServe;
let admin: Staff;
let lead: Staff;
beforeAll(async () => {
  ctx = await startSelfServe({}, { asProcess: true });
  admin = await addStaff(ctx, 'admin', 'Dana Header');
  lead = await addStaff(ctx, 'lead', 'Lee Header');
});
afterAll(async () => {
  await ctx?.stop();
});

const DESK_SECTIONS = [
  'Inbox',
  'Requests',
  'Access',
  'Organisations',
  'Samples',
  'Recalls',
  'Demand',
  'Saved replies',
];

/** Runs `look` on a page of a fresh browser at `viewport`, signed in at the desk as `staff` (or no one). */
async function asStaff(
  staff: Staff | undefined,
  viewport: { width: number; height: number },
  look: (page: Page) => Promise<void>,
) {
  const browser = await openBrowser({ viewport });
  try {
    if (staff) await signIn(browser.context, await deskSignin(ctx, staff.email), ctx.server.url);
    await look(await browser.context.newPage());
  } finally {
    await browser.close();
  }
}

const banner = (page: Page) => page.getByRole('banner');
const linkNames = (page: Page) =>
  banner(page)
    .getByRole('navigation', { name: 'Desk' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.textContent?.trim()));

describe.each([
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const)('the desk header at %s width', (_, viewport) => {
  test(
    'an admin sees the desk, their name and Sign out, not the site\'s "Sign in"; signing out works',
    { timeout: 60_000 },
    async () => {
      await asStaff(admin, viewport, async (page) => {
        await page.goto(`${ctx.server.url}/desk/`);
        await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
        expect(await banner(page).textContent()).toContain('Dana Header (admin)');
        expect(await linkNames(page)).toEqual([...DESK_SECTIONS, 'Staff']);
        expect(await banner(page).getByRole('link', { name: 'Sign in' }).count()).toBe(0);
        expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
        expect(await axeViolations(page)).toEqual([]);

        await banner(page).getByRole('button', { name: 'Sign out' }).click();
        await page.getByText('You are signed out of the desk.').waitFor();
        expect(new URL(page.url()).pathname).toBe('/desk/signin/');
        await page.goto(`${ctx.server.url}/desk/`);
        expect(new URL(page.url()).pathname).toBe('/desk/signin/'); // the session is over, not only the page
      });
    },
  );

  test('a lead sees the desk without Staff', { timeout: 60_000 }, async () => {
    await asStaff(lead, viewport, async (page) => {
      await page.goto(`${ctx.server.url}/desk/requests/`);
      expect(await banner(page).textContent()).toContain('Lee Header (lead)');
      expect(await linkNames(page)).toEqual(DESK_SECTIONS);
      expect(await banner(page).getByRole('link', { name: 'Sign in' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  test(
    '/desk/signin/ shows neither the lab\'s "Sign in" nor the desk\'s sections',
    { timeout: 60_000 },
    async () => {
      await asStaff(undefined, viewport, async (page) => {
        await page.goto(`${ctx.server.url}/desk/signin/`);
        await page.getByRole('heading', { name: 'Sign in to the sourcing desk', level: 1 }).waitFor();
        expect(await banner(page).getByRole('link', { name: 'Sign in' }).count()).toBe(0);
        expect(await banner(page).getByRole('navigation').count()).toBe(0);
        expect(await banner(page).getByRole('button', { name: 'Sign out' }).count()).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
      });
    },
  );
});

test(
  'the header fits both widths without scrolling sideways, signed in and at /desk/signin/',
  { timeout: 60_000 },
  async () => {
    await asStaff(admin, { width: 1366, height: 900 }, async (page) => {
      for (const [name, path] of [
        ['desk-header', '/desk/'],
        ['desk-header-signin', '/desk/signin/'],
      ] as const) {
        const overflow = await photograph(page, name, () => page.goto(ctx.server.url + path));
        expect(overflow, path).toEqual({ desktop: 0, phone: 0 });
      }
    });
  },
);
