// Staff sign-in to the desk (contract §13, §14) over HTTP, on both engines: a link that only signs in when the
// person confirms, a session cookie of its own (HttpOnly, SameSite=Strict, stored hashed), CSRF and Origin on
// every desk form, a lab session that never opens the desk, a desk session that never acts as a lab, and a
// removed member's session that ends at once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ops, opsOk } from '../support/ops.ts';
import { mailsTo, selfServeLab, startSelfServe, type SelfServe } from '../support/self-serve.ts';
import {
  addStaff,
  deskGet,
  deskLinkFor,
  deskPost,
  deskSignin,
  openConfirm,
  pressConfirm,
} from '../support/desk.ts';

let ctx: SelfServe;
beforeAll(async () => {
  ctx = await startSelfServe();
});
afterAll(async () => {
  await ctx?.stop();
});

describe('the confirm step', () => {
  test('GET and HEAD leave the link usable; only the POST with the page token signs in, once', async () => {
    const staff = await addStaff(ctx);
    const link = await deskLinkFor(ctx, staff.email, '/desk/requests/?status=received');
    expect(
      (await fetch(link, { method: 'HEAD', redirect: 'manual' })).headers.get('set-cookie') ?? '',
    ).not.toMatch(/dss_desk=/);
    await openConfirm(link); // a mail scanner's look
    const page = await openConfirm(link);
    expect(page.status).toBe(200);
    const [local, domain] = staff.email.split('@');
    expect(page.html).toContain(`Sign in as ${local!.slice(0, 1)}…@${domain}`);
    expect(page.html).not.toContain(staff.email);
    expect(page.cookie).toMatch(/^dss_desk_confirm=/);

    // Refused, changing nothing: no confirm cookie, another origin, a wrong token.
    expect((await pressConfirm(ctx, page, '')).status).toBe(403);
    expect((await pressConfirm(ctx, page, page.cookie, 'https://evil.example')).status).toBe(403);
    expect((await pressConfirm(ctx, { ...page, csrf: 'x'.repeat(32) }, page.cookie)).status).toBe(403);

    const signed = await pressConfirm(ctx, page, page.cookie);
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe('/desk/requests/?status=received');
    const set = signed.headers.getSetCookie().find((c) => c.startsWith('dss_desk='))!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    expect(set).toMatch(/Path=\//);
    const cookie = set.split(';')[0]!;
    expect((await deskGet(ctx, cookie, '/desk/')).status).toBe(200);

    // Used once: the same link again goes back to /desk/signin/ saying so.
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/desk/signin/?error=used');
  });

  test('a next outside the desk is dropped; a foreign address gets the same answer and no mail', async () => {
    const staff = await addStaff(ctx);
    const page = await openConfirm(await deskLinkFor(ctx, staff.email, '//evil.example/desk/'));
    expect(page.next).toBe('');
    expect((await pressConfirm(ctx, page, page.cookie)).headers.get('location')).toBe('/desk/');

    const stranger = `nobody.${Date.now()}@desk.example`;
    const asked = await fetch(`${ctx.server.url}/desk/signin/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ctx.siteUrl },
      body: new URLSearchParams({ email: stranger }),
    });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Check your inbox');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(ctx.smtp, stranger)).toHaveLength(0);
    // A bad address is named beside its field.
    const bad = await fetch(`${ctx.server.url}/desk/signin/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ctx.siteUrl },
      body: new URLSearchParams({ email: 'lead at desk' }),
    });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toMatch(/field-error[^>]*>[^<]*one plain address/);
  });

  test('signing in again ends the desk session the browser held', async () => {
    const staff = await addStaff(ctx);
    const first = await deskSignin(ctx, staff.email);
    const second = await deskSignin(ctx, staff.email, first);
    expect((await deskGet(ctx, first, '/desk/')).status).toBe(303);
    expect((await deskGet(ctx, second, '/desk/')).status).toBe(200);
  });
});

describe('sessions apart', () => {
  test('a lab session never opens a desk page; a desk session never acts as a lab', async () => {
    const lab = await selfServeLab(ctx, 'Desk Apart Lab');
    const denied = await deskGet(ctx, lab.cookie, '/desk/');
    expect(denied.status).toBe(303);
    expect(denied.headers.get('location')).toBe(`/desk/signin/?next=${encodeURIComponent('/desk/')}`);

    const staff = await addStaff(ctx);
    const cookie = await deskSignin(ctx, staff.email);
    expect((await deskGet(ctx, cookie, '/api/v1/me')).status).toBe(401);
    const dashboard = await deskGet(ctx, cookie, '/dashboard/');
    expect(dashboard.status).toBe(303);
    expect(dashboard.headers.get('location')).toMatch(/^\/signin\//);
  });

  test('sign-out needs the page token and this origin; then the session is over', async () => {
    const staff = await addStaff(ctx);
    const cookie = await deskSignin(ctx, staff.email);
    const bare = await deskPost(ctx, cookie, '/desk/', {}, { action: '/desk/signout', csrf: null });
    expect(bare.status).toBe(403);
    const foreign = await deskPost(
      ctx,
      cookie,
      '/desk/',
      {},
      { action: '/desk/signout', origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect((await deskGet(ctx, cookie, '/desk/')).status).toBe(200);
    const out = await deskPost(ctx, cookie, '/desk/', {}, { action: '/desk/signout' });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/desk/signin/?signed_out=1');
    expect(out.headers.get('set-cookie')).toMatch(/dss_desk=; .*Max-Age=0/);
    expect((await deskGet(ctx, cookie, '/desk/')).status).toBe(303);
  });

  test('a removed member is out at once, and their unused link is dead', async () => {
    const staff = await addStaff(ctx);
    const cookie = await deskSignin(ctx, staff.email);
    const link = await deskLinkFor(ctx, staff.email);
    expect((await deskGet(ctx, cookie, '/desk/')).status).toBe(200);
    await opsOk(ctx.operator, 'staff', 'remove', staff.email);
    expect((await deskGet(ctx, cookie, '/desk/')).status).toBe(303);
    expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toBe(
      '/desk/signin/?error=invalid',
    );
    // The store holds the session's hash, never the cookie's value.
    const listed = await ops(ctx.operator, 'staff', 'list');
    expect(JSON.stringify(listed.json)).not.toContain(cookie.split('=')[1]);
  });
});
