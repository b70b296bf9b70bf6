// Every on-demand page reads or writes the store. When it cannot answer (PostgreSQL away, the JSON store's lock held
// or its disk read-only), a person gets the site's "try again shortly" page with 503 and Retry-After, as the API
// then answers 503 `unavailable`: never a bare 500, which says the page is broken rather than briefly away.
import { defineMiddleware } from 'astro:middleware';

const UNAVAILABLE = '/unavailable/';

/**
 * The store's StoreUnavailableError, known by its name: the store the pages share was opened by the server's copy
 * of the modules (process-shared.ts), so its errors are not instances of this bundle's copy of the class.
 */
const storeUnavailable = (error: unknown): error is Error & { retryAfterSeconds: number } =>
  error instanceof Error && error.name === 'StoreUnavailableError';

/** Astro labels an on-demand page `text/html` alone; the charset is said in the header, as for the built pages. */
function withCharset(response: Response): Response {
  if (/^text\/html\s*$/i.test(response.headers.get('content-type') ?? ''))
    response.headers.set('Content-Type', 'text/html; charset=utf-8');
  return response;
}

export const onRequest = defineMiddleware(async (context, next) => {
  try {
    return withCharset(await next());
  } catch (error) {
    if (!storeUnavailable(error) || context.url.pathname === UNAVAILABLE) throw error;
    // A GET of its own: rewriting the request itself would copy a form's body, already read, and Astro then throws
    // RewriteWithBodyUsed (a 500 with an empty body) in place of this page.
    const headers = new Headers(context.request.headers);
    for (const name of ['content-type', 'content-length', 'transfer-encoding']) headers.delete(name);
    const page = await context.rewrite(new Request(new URL(UNAVAILABLE, context.url), { headers }));
    const answer = new Headers(page.headers);
    answer.set('Retry-After', String(error.retryAfterSeconds));
    return withCharset(new Response(page.body, { status: 503, headers: answer }));
  }
});
