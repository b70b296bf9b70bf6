// POST /api/v1/access-requests (contract §8): public, JSON or a form post. 202 whatever happens next (stored and
// mailed, or over the inbox's daily limit and dropped), so the answer never tells whether an address is known; 429
// past a domain's or the service's hourly cap, which tell nothing about one address (access-flood.ts).
import { z } from 'zod';
import { submitAccessRequest } from '../actions/access.ts';
import { accessRequestSchema } from '../domain/labs/schemas.ts';
import { isFormPost, readJsonOrFormBody } from '../http/body.ts';
import type { Endpoint } from '../http/endpoint.ts';
import { empty, json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseBody } from '../http/validation.ts';
import { actingFor } from './acting.ts';

export const createAccessRequest: Handler = async (request, context) => {
  const { maxBodyBytes: maxBytes, siteUrl } = context.deps.config;
  const body = await readJsonOrFormBody(request, { maxBytes, siteUrl, arrays: ['verticals'] });
  const input = parseBody(accessRequestSchema, body.value, 'access request');
  await submitAccessRequest(actingFor(context), input);
  // A form post from a page without JavaScript lands on the page's thank-you state.
  if (isFormPost(request)) return empty({ status: 303, headers: { Location: '/access/?sent=1' } });
  return json({ data: { status: 'received' } }, { status: 202 });
};

// The endpoint above, declared once: the route table and /openapi.json are read from it (endpoints.ts).
export const accessReceivedSchema = z
  .object({ data: z.object({ status: z.literal('received') }) })
  .meta({ id: 'AccessRequestReceived' });

export const accessRequestEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/v1/access-requests',
    handle: createAccessRequest,
    access: 'public',
    noCredentials: true,
    body: { schema: accessRequestSchema, form: true },
    operationId: 'createAccessRequest',
    summary: 'Ask for access for your organisation',
    description:
      'Public; JSON or an HTML form post (then 303 to /access/?sent=1). 202 whether or not the address is known; the operator and the requester are mailed. At most 3 per inbox a UTC day, counted without a +tag (and without dots at gmail.com): more are answered the same and dropped. At most 20 a clock hour for addresses of one domain and 100 a clock hour in all: beyond, 429 rate_limited with Retry-After, nothing stored.',
    tag: 'Account',
    responses: [
      { status: 202, description: 'Received', schema: accessReceivedSchema },
      {
        status: 303,
        description: 'Received, from a form post: on to the page that says so',
        headers: { Location: '/access/?sent=1' },
      },
    ],
    errors: ['rate_limited'],
  },
];
