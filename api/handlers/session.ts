// POST /api/v1/session/link: a sign-in link by mail, 202 always (contract §8: no answer tells whether an address
// has an account), limited per IP here and per address in the domain. POST /api/v1/session/logout: ends this
// session, or with ?all=true every session of the account; the cookie is cleared either way.
import { z } from 'zod';
import {
  endAllSessions,
  endSession,
  clearedSessionCookie,
  csrfMatches,
  sessionValueOf,
} from '../domain/labs/sessions.ts';
import { signinLinkSchema } from '../domain/labs/schemas.ts';
import * as signinActions from '../actions/signin.ts';
import { DomainError } from '../errors.ts';
import { requireSession } from '../http/authentication.ts';
import { isFormPost, readJsonOrFormBody } from '../http/body.ts';
import type { Endpoint } from '../http/endpoint.ts';
import { SESSION_NOTE } from '../http/openapi/notes.ts';
import { empty, json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseBody, parseQuery } from '../http/validation.ts';
import { actingFor } from './acting.ts';

const logoutQuerySchema = z.strictObject({
  all: z
    .enum(['true', 'false'], { error: 'true (every session of your account) or false (this one)' })
    .transform((value) => value === 'true')
    .default(false),
});

export const askForSigninLink: Handler = async (request, context) => {
  const { deps } = context;
  const body = await readJsonOrFormBody(request, {
    maxBytes: deps.config.maxBodyBytes,
    siteUrl: deps.config.siteUrl,
  });
  const { email } = parseBody(signinLinkSchema, body.value, 'sign-in request');
  await signinActions.askForSigninLink(actingFor(context), email);
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
      throw new DomainError(
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

// The endpoints above, declared once: the route table and /openapi.json are read from these (endpoints.ts).
export const signinLinkSentSchema = z
  .object({
    data: z.object({
      status: z.literal('sent_if_known').describe('The same whether or not the address has an account'),
      message: z.string(),
    }),
  })
  .meta({ id: 'SigninLinkAnswer' });

export const sessionEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/v1/session/link',
    handle: askForSigninLink,
    access: 'public',
    noCredentials: true,
    body: { schema: signinLinkSchema, form: true },
    operationId: 'askForSigninLink',
    summary: 'Mail a sign-in link',
    description:
      "Public; JSON or an HTML form post. 202 always: when the address is a verified account's, a link valid 15 minutes and usable once is mailed (at most 5 per address per 15-minute window). The link's page (GET /signin/callback?token=…) asks the person to confirm, and only that POST uses the link and sets the session cookie. The answer does not wait for the mail, so it takes the same time for any address. 10 per client IP per 10 minutes, then 429.",
    tag: 'Account',
    responses: [
      { status: 202, description: 'Sent if the address is known', schema: signinLinkSentSchema },
      {
        status: 303,
        description: 'Sent if the address is known, from a form post: on to the page that says so',
        headers: { Location: '/signin/?sent=1' },
      },
    ],
    errors: ['rate_limited'],
  },
  {
    method: 'POST',
    path: '/api/v1/session/logout',
    handle: logout,
    access: 'session',
    readsQuery: true,
    parameters: [
      {
        name: 'all',
        in: 'query',
        required: false,
        description: 'true: every session of the account',
        schema: { type: 'string', enum: ['true', 'false'] },
      },
    ],
    operationId: 'logout',
    summary: 'Sign out',
    description: `Ends this session; with ?all=true every session of the account. Clears the cookie.${SESSION_NOTE}`,
    tag: 'Account',
    responses: [
      {
        status: 204,
        description: 'Signed out',
        headers: { 'Set-Cookie': 'The session cookie, cleared (Max-Age=0)' },
      },
    ],
    errors: ['unauthorized', 'forbidden', 'invalid', 'rate_limited'],
  },
];
