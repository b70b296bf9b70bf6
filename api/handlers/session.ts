// POST /api/v1/session/link: a sign-in link by mail, 202 always (contract §8: no answer tells whether an address
// has an account), limited per IP here and per address in the domain. POST /api/v1/session/logout: ends this
// session, or with ?all=true every session of the account; the cookie is cleared either way.
import { addressBucket } from '../http/address-bucket.ts';
import { z } from 'zod';
import {
  endAllSessions,
  endSession,
  clearedSessionCookie,
  csrfMatches,
  sessionValueOf,
} from '../domain/labs/sessions.ts';
import { signinLinkSchema } from '../domain/labs/schemas.ts';
import { requestSigninLink } from '../domain/labs/signin.ts';
import { ApiError } from '../errors.ts';
import { requireSession } from '../http/authentication.ts';
import { isFormPost, readJsonOrFormBody } from '../http/body.ts';
import { createRateLimiter } from '../http/rate-limit.ts';
import { empty, json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseBody, parseQuery } from '../http/validation.ts';

const logoutQuerySchema = z.strictObject({
  all: z
    .enum(['true', 'false'], { error: 'true (every session of your account) or false (this one)' })
    .transform((value) => value === 'true')
    .default(false),
});

// Sign-in links asked for from one address: 10 in 10 minutes is plenty for a person, and a flood stops here.
const perIp = createRateLimiter({ policy: 'signin-per-ip', limit: 10, windowSeconds: 600 });

export const askForSigninLink: Handler = async (request, { clientIp, now, deps }) => {
  const decision = perIp.take(addressBucket(clientIp), now.getTime());
  if (!decision.allowed) {
    throw new ApiError(
      429,
      'rate_limited',
      `Too many sign-in links asked for from this address: wait ${decision.retryAfter} s (Retry-After), then ask again.`,
      { headers: { 'Retry-After': String(decision.retryAfter), ...decision.headers } },
    );
  }
  const body = await readJsonOrFormBody(request, {
    maxBytes: deps.config.maxBodyBytes,
    siteUrl: deps.config.siteUrl,
  });
  const { email } = parseBody(signinLinkSchema, body.value, 'sign-in request');
  await deps.store.transact((tx) => requestSigninLink(tx, email, deps.config.siteUrl, now));
  deps.background?.kick();
  if (isFormPost(request)) return empty({ status: 303, headers: { Location: '/signin/?sent=1' } });
  return json(
    {
      data: {
        status: 'sent_if_known',
        message:
          'If this address belongs to a verified account, a sign-in link is on its way (valid 15 minutes).',
      },
    },
    { status: 202 },
  );
};

export const logout: Handler = async (request, context) => {
  const caller = requireSession(context);
  const { deps, now, url } = context;
  const form = isFormPost(request);
  if (form) {
    // A dashboard form carries the session's CSRF token besides the Origin check the pipeline made.
    const body = await readJsonOrFormBody(request, {
      maxBytes: deps.config.maxBodyBytes,
      siteUrl: deps.config.siteUrl,
    });
    const value = sessionValueOf(request.headers.get('cookie'), deps.config.siteUrl)!;
    if (!csrfMatches(value, (body.value as Record<string, unknown>).csrf)) {
      throw new ApiError(
        403,
        'forbidden',
        'The form is missing its CSRF token: reload the page and try again.',
      );
    }
  }
  const { all } = parseQuery(url.searchParams, logoutQuerySchema, ['all']);
  await deps.store.transact(async (tx) => {
    if (all) await endAllSessions(tx, caller.account.id, now);
    else await endSession(tx, caller.session!, now);
  });
  const cookie = { 'Set-Cookie': clearedSessionCookie(deps.config.siteUrl) };
  if (form) return empty({ status: 303, headers: { ...cookie, Location: '/signin/?signed_out=1' } });
  return empty({ status: 204, headers: cookie });
};
