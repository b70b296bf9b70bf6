// Where a visitor was going is kept (issue 41 item 5, contract §14): "Request a sample" or "Request this dataset"
// on a listing, signed out, leads to /signin/?next=… with a line saying why; after signing in, or after the
// operator approves a new lab's access request, the mailed link lands on that form. Over HTTP as a browser without
// JavaScript makes the requests, mail on a real SMTP server, the operator's CLI on the same store.
import { describe, expect, test } from 'vitest';
import { opsOk } from '../support/ops.ts';
import { follow, freshSigninLink, mailTo, selfServeSuite, signinLinkIn } from '../support/self-serve.ts';

const suite = selfServeSuite('Next Journey Lab');
const LISTING = 'de-chest-ct-lung-nodules'; // offers a sample

/** The listing page's button, followed signed out: where it sends, and the page found there. */
async function signedOutFrom(action: 'sample' | 'request') {
  const listing = await (await fetch(`${suite.ctx.server.url}/catalog/${LISTING}/`)).text();
  const href = new RegExp(`href="([^"]+)" data-action="${action}"`)
    .exec(listing)![1]!
    .replaceAll('&amp;', '&');
  const form = await fetch(suite.ctx.server.url + href, { redirect: 'manual' });
  expect(form.status).toBe(303);
  const signin = form.headers.get('location')!;
  expect(signin).toBe(`/signin/?next=${encodeURIComponent(href)}`);
  const page = await (await fetch(suite.ctx.server.url + signin)).text();
  return { href, signin, page };
}

const why = (page: string) => /<p class="notice" id="why-sign-in">([^<]+)<\/p>/.exec(page)?.[1];

describe('signed out, from a listing', () => {
  test('"Request a sample": the sign-in page says why, and the link lands on the sample form', async () => {
    const { href, page } = await signedOutFrom('sample');
    expect(why(page)).toMatch(/^Sign in to request a sample of this dataset/);
    expect(page).toContain(`name="next" value="${href.replaceAll('&', '&amp;')}"`);
    const signed = await follow(await freshSigninLink(suite.ctx, suite.lab.email, href));
    expect(signed.location).toBe(href);
    const form = await fetch(suite.ctx.server.url + signed.location, { headers: { Cookie: signed.cookie } });
    expect(form.status).toBe(200);
    expect(await form.text()).toMatch(new RegExp(`<option value="${LISTING}" selected`));
  });

  test('"Request this dataset": the line says so', async () => {
    const { page } = await signedOutFrom('request');
    expect(why(page)).toMatch(/^Sign in to request this dataset/);
  });

  test('a new lab: next goes through the access request, and the approval mail’s link lands on the form', async () => {
    const { href, page } = await signedOutFrom('sample');
    const accessHref = /<a href="(\/access\/\?next=[^"]+)">Request access<\/a>/
      .exec(page)![1]!
      .replaceAll('&amp;', '&');
    const access = await (await fetch(suite.ctx.server.url + accessHref)).text();
    expect(access).toContain(`name="next" value="${href.replaceAll('&', '&amp;')}"`);
    const email = `newcomer.${Date.now()}@lab.example`;
    const sent = await fetch(`${suite.ctx.server.url}/access/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: suite.ctx.siteUrl },
      body: new URLSearchParams({
        next: href,
        organisation: 'Newcomer Lab',
        name: 'Nora New',
        email,
        intended_use: 'Evaluating lung nodule detection before licensing the full set.',
      }),
    });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain('your request is in');
    const request = (await opsOk(suite.ctx.operator, 'access', 'list')).find((r: any) => r.email === email);
    await opsOk(suite.ctx.operator, 'access', 'approve', request.id);
    const link = signinLinkIn(await mailTo(suite.ctx.smtp, email, /access .* is ready/i));
    expect(new URL(link).searchParams.get('next')).toBe(href);
    expect((await follow(link)).location).toBe(href);
  });
});
