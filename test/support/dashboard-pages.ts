// The dashboard's pages read and posted as a browser without JavaScript does, for the page tests over HTTP
// (test/http/dashboard-pages*.test.ts), bound to the file's suite (support/self-serve.ts selfServeSuite).
import { expect } from 'vitest';
import { opsOk } from './ops.ts';
import type { SelfServe } from './self-serve.ts';

export type Page = {
  status: number;
  statusText: string;
  headers: Headers;
  html: string;
  location: string | null;
};

const pageOf = async (response: Response): Promise<Page> => ({
  status: response.status,
  statusText: response.statusText,
  headers: response.headers,
  html: await response.text(),
  location: response.headers.get('location'),
});

export function dashboardPages(suite: { ctx: SelfServe }) {
  async function page(path: string, cookie: string, method = 'GET'): Promise<Page> {
    return pageOf(
      await fetch(suite.ctx.server.url + path, { method, headers: { Cookie: cookie }, redirect: 'manual' }),
    );
  }

  /** Posts a page's form as a browser would: the site's Origin, the cookie, the session's CSRF token. */
  async function post(path: string, cookie: string, fields: Record<string, string>): Promise<Page> {
    const csrf = /name="csrf" value="([^"]+)"/.exec((await page(path, cookie)).html)?.[1] ?? '';
    const response = await fetch(suite.ctx.server.url + path, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Cookie: cookie,
        Origin: suite.ctx.siteUrl,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ ...fields, csrf }),
    });
    return pageOf(response);
  }

  const auditOf = async (orgId: string) =>
    (
      (await opsOk(suite.ctx.operator, 'audit', 'list', '--org', orgId)) as {
        kind: string;
        listing_id: string;
        key_id: string | null;
        org_id: string;
      }[]
    ).filter((entry) => entry.kind === 'nda_disclosure');

  return { page, post, auditOf };
}

/** What a reader sees of some HTML: no tags, entities decoded, spaces collapsed. */
export const text = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The HTML of the element that opens with `opening` (a regex source), up to its closing tag `tag`. */
export function element(html: string, opening: string, tag: string): string {
  const match = new RegExp(`${opening}[\\s\\S]*?</${tag}>`).exec(html);
  expect(match, `no ${opening} in the page`).not.toBeNull();
  return match![0];
}
