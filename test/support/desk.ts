// The sourcing desk's test parts (issue 40): staff made by the CLI, a desk sign-in as a browser makes it (ask for
// a link, open the confirm page, press its button), and desk forms posted with the page's CSRF token.
import { expect } from 'vitest';
import { opsOk } from './ops.ts';
import { mailsTo, type SelfServe } from './self-serve.ts';

export type Staff = { id: string; email: string; role: 'lead' | 'admin' };

let made = 0;

export async function addStaff(
  ctx: SelfServe,
  role: 'lead' | 'admin' = 'lead',
  name = 'Desk Person',
): Promise<Staff> {
  const email = `${role}${++made}.${Date.now()}@desk.example`;
  const staff = await opsOk(ctx.operator, 'staff', 'add', '--email', email, '--name', name, '--role', role);
  return { id: staff.id, email, role };
}

const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** Asks /desk/signin/ for a link and waits for its mail: the link. */
export async function deskLinkFor(ctx: SelfServe, email: string, next?: string): Promise<string> {
  const before = mailsTo(ctx.smtp, email).length;
  const asked = await fetch(`${ctx.server.url}/desk/signin/`, {
    method: 'POST',
    headers: { ...form, Origin: ctx.siteUrl },
    body: new URLSearchParams({ email, ...(next ? { next } : {}) }),
  });
  expect(asked.status).toBe(200);
  const until = Date.now() + 15_000;
  while (mailsTo(ctx.smtp, email).length <= before) {
    if (Date.now() > until) throw new Error(`no desk sign-in mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const text = mailsTo(ctx.smtp, email).at(-1)!.mail.text ?? '';
  const link = /(https?:\/\/\S+\/desk\/signin\/callback\?token=[A-Za-z0-9_-]+\S*)/.exec(text)?.[1];
  expect(link, text).toBeDefined();
  return link!.replace(ctx.siteUrl, ctx.server.url);
}

export type Confirm = {
  status: number;
  html: string;
  cookie: string;
  csrf: string;
  token: string;
  next: string;
};

/** Opens a link's confirm page (GET): what it shows, and what its form would send. */
export async function openConfirm(link: string, cookie = ''): Promise<Confirm> {
  const response = await fetch(link, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  const html = await response.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  return {
    status: response.status,
    html,
    cookie:
      response.headers
        .getSetCookie()
        .find((c) => c.includes('dss_desk_confirm'))
        ?.split(';')[0] ?? '',
    csrf: field('csrf'),
    token: field('token'),
    next: field('next'),
  };
}

/** Presses the confirm page's button; `cookie`: what the browser holds (the confirm cookie, any desk session). */
export function pressConfirm(ctx: SelfServe, page: Confirm, cookie: string, origin = ctx.siteUrl) {
  return fetch(`${ctx.server.url}/desk/signin/callback`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...form, Origin: origin, Cookie: cookie },
    body: new URLSearchParams({ csrf: page.csrf, token: page.token, next: page.next }),
  });
}

/** A staff member signed in at the desk: the `dss_desk` cookie (name=value). */
export async function deskSignin(ctx: SelfServe, email: string, held = ''): Promise<string> {
  const page = await openConfirm(await deskLinkFor(ctx, email));
  const response = await pressConfirm(ctx, page, [page.cookie, held].filter(Boolean).join('; '));
  expect(response.status).toBe(303);
  const set = response.headers.getSetCookie().find((c) => /dss_desk=/.test(c));
  expect(set).toBeDefined();
  return set!.split(';')[0]!;
}

export const deskGet = (ctx: SelfServe, cookie: string, path: string) =>
  fetch(ctx.server.url + path, { redirect: 'manual', headers: { Cookie: cookie } });

/** Posts a desk page's form as a browser would: the page read for its CSRF token, then the fields. */
export async function deskPost(
  ctx: SelfServe,
  cookie: string,
  path: string,
  fields: Record<string, string>,
  options: { action?: string; origin?: string | null; csrf?: string | null } = {},
): Promise<Response> {
  const page = await (await deskGet(ctx, cookie, path)).text();
  const found = /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const csrf = options.csrf === undefined ? found : options.csrf;
  const origin = options.origin === undefined ? ctx.siteUrl : options.origin;
  return fetch(ctx.server.url + (options.action ?? path), {
    method: 'POST',
    redirect: 'manual',
    headers: { ...form, Cookie: cookie, ...(origin === null ? {} : { Origin: origin }) },
    body: new URLSearchParams({ ...fields, ...(csrf === null ? {} : { csrf }) }),
  });
}
