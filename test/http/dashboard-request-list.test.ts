// The dashboard's list of requests for a lab that has asked for a lot: every request is reachable from the list, a
// page at a time, newest first, as GET /api/v1/requests pages them; a member sees the organisation's list too.
import { expect, test } from 'vitest';
import { invited, selfServeSuite, sessionCall } from '../support/self-serve.ts';

const suite = selfServeSuite('Busy Lab');

/** The request ids a page of the list shows, top to bottom, and its "Older requests" link if it has one. */
async function listPage(cookie: string, path: string) {
  const response = await fetch(suite.ctx.server.url + path, {
    headers: { Cookie: cookie },
    redirect: 'manual',
  });
  expect(response.status).toBe(200);
  const html = await response.text();
  const ids = [...html.matchAll(/data-request-id="(req_[0-9A-Za-z]+)"/g)].map((m) => m[1]!);
  const older = /<a[^>]*href="([^"]*cursor=[^"]*)"[^>]*>\s*Older requests/
    .exec(html)?.[1]
    ?.replaceAll('&amp;', '&');
  return { ids, older };
}

test('a lab with 105 requests reaches its first one from the list, and a member sees the same list', async () => {
  const { ctx, lab } = suite;
  const made: string[] = [];
  for (let i = 1; i <= 105; i++) {
    const created = await sessionCall(ctx, lab.cookie, '/api/v1/requests', {
      method: 'POST',
      body: { data_types: ['call_audio'], description: `Call audio, request number ${i} of a busy lab.` },
    });
    expect(created.status, created.text).toBe(201);
    made.push(created.body.data.id);
  }
  const newestFirst = [...made].reverse();
  const seen: string[] = [];
  let path: string | undefined = '/dashboard/requests/';
  for (let pages = 0; path && pages < 10; pages++) {
    const page = await listPage(lab.cookie, path);
    seen.push(...page.ids);
    path = page.older;
  }
  expect(seen).toEqual(newestFirst); // each once, none left out, the first request (made[0]) last
  const member = await invited(ctx, lab, 'member');
  expect((await listPage(member.cookie, '/dashboard/requests/')).ids).toEqual(seen.slice(0, 50));
});
