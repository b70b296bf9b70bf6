// The calls the self-serve HTTP tests (test/http/self-serve*.test.ts) make beside support/self-serve.ts's, bound to
// the file's suite (read when called, once its server is up): with an API key, a GET's JSON, a dashboard page's
// CSRF token, and a form posted to a page as a browser posts it.
import { httpRequest } from './http.ts';
import type { SelfServe } from './self-serve.ts';

export function selfServeCalls(suite: { ctx: SelfServe }) {
  const bearer = async (key: string, path = '/api/v1/requests', init: RequestInit = {}) => {
    const response = await fetch(suite.ctx.server.url + path, {
      ...init,
      headers: { Authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: text ? JSON.parse(text) : undefined,
    };
  };

  async function postJsonGet(path: string) {
    const response = await fetch(suite.ctx.server.url + path);
    return { status: response.status, body: await response.json() };
  }

  /** A dashboard page's CSRF token, as its forms carry it. */
  async function csrfOf(path: string, cookie: string): Promise<string> {
    const page = await (await fetch(suite.ctx.server.url + path, { headers: { Cookie: cookie } })).text();
    return /name="csrf" value="([^"]+)"/.exec(page)![1]!;
  }

  /** Posts a form to a page as a browser would (the site's Origin, the cookie when given), over node:http. */
  const postForm = (path: string, body: string, headers: Record<string, string> = {}) =>
    httpRequest(suite.ctx.server.url + path, {
      method: 'POST',
      headers: { Origin: suite.ctx.siteUrl, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });

  return { bearer, postJsonGet, csrfOf, postForm };
}
