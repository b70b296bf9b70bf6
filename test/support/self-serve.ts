// The self-serve journey's test parts (issue 21): the service (in process) on a known port with SITE_URL set to it (links in
// mail and the Origin rule name it), a real SMTP server on loopback, the operator CLI on the same store, and the
// steps a lab takes over HTTP: ask for access, get approved, follow the sign-in link, call with the cookie.
import { afterAll, beforeAll, expect } from 'vitest';
import { readReply, type Reply } from './api-client.ts';
import { opsOk } from './ops.ts';
import { freePort } from './ports.ts';
import { startApp, type InProcessServer } from './app.ts';
import { startServer } from './server.ts';
import { startSmtp, type Received } from './smtp.ts';

export type Json = any;
export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

export type SelfServe = {
  server: InProcessServer;
  smtp: Smtp;
  siteUrl: string;
  /** The operator's environment: the same store, the same mail server, the same SITE_URL. */
  operator: Record<string, string>;
  stop(): Promise<void>;
};

/** `asProcess`: the built server as a child process, for the browser tests (the browser is their subject). */
export async function startSelfServe(
  env: Record<string, string> = {},
  { asProcess = false } = {},
): Promise<SelfServe> {
  const smtp = await startSmtp();
  const port = env.PORT ? Number(env.PORT) : await freePort(); // a restart keeps its port (and SITE_URL)
  // SITE_URL is the server's own address unless a test gives another (an https site behind a proxy).
  const siteUrl = env.SITE_URL ?? `http://127.0.0.1:${port}`;
  const server = await (asProcess ? startServer : startApp)({
    PORT: String(port),
    SITE_URL: siteUrl,
    SMTP_URL: smtp.url,
    RATE_LIMIT_KEY_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
    DATA_REQUESTS_PER_HOUR: '100000',
    KEYS_PER_ORG: '100000',
    ...env,
  });
  return {
    server,
    smtp,
    siteUrl,
    operator: { DATA_DIR: server.dataDir, SMTP_URL: smtp.url, SITE_URL: siteUrl },
    async stop() {
      await server.stop();
      await smtp.close();
    },
  };
}

/** The first mail to `to` whose subject matches, waiting for it (mail goes out from a background pass). */
export async function mailTo(smtp: Smtp, to: string, subject: RegExp, ms = 15_000): Promise<Received> {
  const until = Date.now() + ms;
  for (;;) {
    const found = smtp.received.find((m) => m.envelopeTo.includes(to) && subject.test(m.mail.subject ?? ''));
    if (found) return found;
    if (Date.now() > until) {
      const seen = smtp.received.map((m) => `${m.envelopeTo.join(',')}: ${m.mail.subject}`).join('\n');
      throw new Error(`no mail to ${to} matching ${subject}; received:\n${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const mailsTo = (smtp: Smtp, to: string) => smtp.received.filter((m) => m.envelopeTo.includes(to));

const SIGNIN_LINK = /(https?:\/\/\S+\/signin\/callback\?token=[A-Za-z0-9_-]+\S*)/;

/** The sign-in link in a mail (its text part). */
export function signinLinkIn(received: Received): string {
  const match = SIGNIN_LINK.exec(received.mail.text ?? '');
  expect(match, received.mail.text).not.toBeNull();
  return match![1]!;
}

/** A fresh sign-in link for `email`, as the /signin/ page asks for it (a form post), with `next` if given. */
export async function freshSigninLink(ctx: SelfServe, email: string, next?: string): Promise<string> {
  const before = new Set(mailsTo(ctx.smtp, email));
  const response = await fetch(`${ctx.server.url}/signin/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ctx.siteUrl },
    body: new URLSearchParams({ email, ...(next === undefined ? {} : { next }) }),
  });
  if (response.status !== 200) throw new Error(`/signin/ answered ${response.status} for ${email}`);
  // The new mail with a link: another mail to the address (access received, say) may still be arriving.
  const isLink = (m: Received) => !before.has(m) && SIGNIN_LINK.test(m.mail.text ?? '');
  const until = Date.now() + 15_000;
  while (!mailsTo(ctx.smtp, email).some(isLink)) {
    if (Date.now() > until) throw new Error(`no sign-in mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return signinLinkIn(mailsTo(ctx.smtp, email).findLast(isLink)!);
}

export type Signed = { cookie: string; setCookie: string; location: string | null; status: number };

/** A sign-in link's page as a browser gets it (GET): its confirm form's fields and the pre-session cookie. */
export type LinkPage = {
  status: number;
  location: string | null;
  html: string;
  /** `name=value` of the pre-session cookie the page set ('' when none). */
  presession: string;
  fields: Record<string, string>;
};

export async function openLink(link: string, cookie?: string): Promise<LinkPage> {
  const response = await fetch(link, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  const html = await response.text();
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields[name!] = value!.replaceAll('&amp;', '&');
  const presession = response.headers.getSetCookie().find((c) => /^(__Host-)?dss_signin=/.test(c)) ?? '';
  return {
    status: response.status,
    location: response.headers.get('location'),
    html,
    presession: presession.split(';', 1)[0]!,
    fields,
  };
}

/** Presses the confirm page's button: its fields posted with the pre-session cookie and the site's Origin. */
export async function confirmLink(
  link: string,
  page: LinkPage,
  {
    cookie = '',
    origin = new URL(link).origin,
    fields = {},
  }: { cookie?: string; origin?: string | null; fields?: Record<string, string> } = {},
): Promise<Signed> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Cookie: [page.presession, cookie].filter(Boolean).join('; '),
  };
  if (origin !== null) headers.Origin = origin;
  const response = await fetch(new URL('/signin/callback', link), {
    method: 'POST',
    redirect: 'manual',
    headers,
    body: new URLSearchParams({ ...page.fields, ...fields }),
  });
  await response.arrayBuffer();
  const setCookie = response.headers.getSetCookie().find((c) => /^(__Host-)?dss_session=/.test(c)) ?? '';
  return {
    status: response.status,
    location: response.headers.get('location'),
    setCookie,
    cookie: setCookie.split(';', 1)[0]!,
  };
}

/**
 * Follows a sign-in link as a person does (contract §14): opens it, then presses "Sign in" on its confirm page;
 * the redirect is not followed. A link that cannot be used answers the GET with its 303 to /signin/.
 */
export async function follow(link: string, { origin }: { origin?: string } = {}): Promise<Signed> {
  const page = await openLink(link);
  if (page.status !== 200) return { status: page.status, location: page.location, setCookie: '', cookie: '' };
  return confirmLink(link, page, { origin });
}

/** A request as the dashboard's own pages make it: the cookie, and the site's Origin on unsafe methods. */
export async function sessionCall(
  ctx: SelfServe,
  cookie: string,
  path: string,
  options: { method?: string; body?: unknown; origin?: string | null; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Cookie: cookie, ...options.headers };
  const origin = options.origin === undefined ? ctx.siteUrl : options.origin;
  if (origin !== null && method !== 'GET') headers.Origin = origin;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return readReply(await fetch(ctx.server.url + path, { method, headers, body, redirect: 'manual' }));
}

/**
 * Posts a dashboard page's form as a browser would: the page read first for the session's CSRF token, then the
 * fields with the cookie and the site's Origin. The answer is not followed (a 303 stays a 303).
 */
export async function postPageForm(
  ctx: SelfServe,
  cookie: string,
  path: string,
  fields: Record<string, string>,
): Promise<Response> {
  const page = await (await fetch(ctx.server.url + path, { headers: { Cookie: cookie } })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
  return fetch(ctx.server.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, Origin: ctx.siteUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, csrf }),
  });
}

export async function postJson(
  ctx: SelfServe,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(ctx.server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? JSON.parse(text) : undefined,
  };
}

export type SelfServeLab = {
  orgId: string;
  accountId: string;
  email: string;
  cookie: string;
  accessId: string;
};

let labs = 0;

/** The journey's start over HTTP: an access request, the operator's approval, the sign-in link followed. */
export async function selfServeLab(ctx: SelfServe, name = 'Self Serve Lab'): Promise<SelfServeLab> {
  const email = `admin${++labs}.${Date.now()}@lab.example`;
  const asked = await postJson(ctx, '/api/v1/access-requests', {
    organisation: name,
    name: 'Ada Admin',
    email,
    intended_use: 'Evaluating speech recognition on call-centre audio before licensing.',
  });
  expect(asked.status, asked.text).toBe(202);
  const listed = (await opsOk(ctx.operator, 'access', 'list', '--status', 'pending')) as Json[];
  const request = listed.find((r) => r.email === email);
  expect(request).toBeDefined();
  const approved = await opsOk(ctx.operator, 'access', 'approve', request.id);
  const mail = await mailTo(ctx.smtp, email, /access .* is ready/i);
  const signed = await follow(signinLinkIn(mail));
  expect(signed.status).toBe(303);
  return {
    orgId: approved.org_id,
    accountId: approved.account_id,
    email,
    cookie: signed.cookie,
    accessId: request.id,
  };
}

/** A member (or admin) invited by `admin`, signed in from the invitation's link. */
export async function invited(ctx: SelfServe, admin: SelfServeLab, role: 'admin' | 'member') {
  const email = `${role}${++labs}.${Date.now()}@lab.example`;
  const reply = await sessionCall(ctx, admin.cookie, '/api/v1/team/invitations', {
    method: 'POST',
    body: { email, role },
  });
  expect(reply.status, reply.text).toBe(201);
  const signed = await follow(signinLinkIn(await mailTo(ctx.smtp, email, /invited/i)));
  expect(signed.status).toBe(303);
  const me = await sessionCall(ctx, signed.cookie, '/api/v1/me');
  return { email, cookie: signed.cookie, accountId: me.body.data.account.id as string };
}

/**
 * A server of the test file's own, with one lab whose admin is signed in: started before the file's tests, stopped
 * after them. Read `ctx` and `lab` inside tests and hooks (they are set once the server is up).
 */
export function selfServeSuite(labName: string, env: Record<string, string> = {}) {
  const suite = {} as { ctx: SelfServe; lab: SelfServeLab };
  beforeAll(async () => {
    suite.ctx = await startSelfServe(env);
    suite.lab = await selfServeLab(suite.ctx, labName);
  });
  afterAll(async () => {
    await suite.ctx?.stop();
  });
  return suite;
}
