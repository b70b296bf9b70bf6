// What the self-serve pages (/access/, /signin/, /dashboard/…) read through: the server's own runtime (one per
// process, api/runtime.ts), handed to Astro's handler as `locals.runtime` by api/server/server.ts. The pages hold no
// store, limiter or signer of their own, so a counter or a cache is one whichever door a person uses.
import type { AstroGlobal } from 'astro';
import type { Runtime } from '../../../api/runtime.ts';
import { lab, visitor, type ActionContext } from '../../../api/actions/context.ts';
import { currentNda } from '../../../api/actions/nda.ts';
import type { Caller } from '../../../api/domain/labs/caller.ts';
import type { NdaDocument } from '../../../api/domain/labs/nda-document.ts';

export type PageRuntime = Runtime & { nda: NdaDocument };

type Astro = Pick<AstroGlobal, 'locals' | 'request' | 'clientAddress'>;

export function pageRuntime(astro: Pick<AstroGlobal, 'locals'>): PageRuntime {
  const runtime = astro.locals.runtime;
  if (!runtime)
    throw new Error(
      'No runtime in locals: the pages are served by api/server/server.ts, which hands it over.',
    );
  return { ...runtime, nda: currentNda(runtime) };
}

/** The client's address as the API sees it (the socket's; the proxy's own address with TRUST_PROXY). */
export function clientAddress(astro: Astro, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = astro.request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return astro.clientAddress;
  } catch {
    return 'unknown';
  }
}

/** The action context of a page request: the runtime, who acts (the signed-in lab, or a visitor), and when. */
export function actingOnPage(astro: Astro, caller?: Caller, now = new Date()): ActionContext {
  const runtime = pageRuntime(astro);
  return {
    ...runtime,
    actor: caller ? lab(caller) : visitor,
    now,
    clientIp: clientAddress(astro, runtime.config.trustProxy),
    userAgent: astro.request.headers.get('user-agent') ?? undefined,
  };
}
