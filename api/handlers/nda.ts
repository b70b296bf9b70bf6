// GET /api/v1/nda (public): the current NDA's version, hash and address. POST /api/v1/nda/acceptances (session,
// admin): the click-through acceptance, 201 (200 when that version is already accepted: nothing changes), or 409
// nda_outdated when the text accepted is not the current one.
import { z } from 'zod';
import * as ndaActions from '../actions/nda.ts';
import { NDA_PATH, NDA_TEXT_PATH } from '../domain/labs/nda-document.ts';
import { ndaAcceptanceSchema } from '../domain/labs/schemas.ts';
import { meSchema, ndaView } from '../domain/labs/views.ts';
import { readJsonBody } from '../http/body.ts';
import type { Endpoint } from '../http/endpoint.ts';
import { SESSION_NOTE } from '../http/openapi/notes.ts';
import { json } from '../http/responses.ts';
import type { Deps, Handler } from '../http/types.ts';
import { parseBody } from '../http/validation.ts';
import { actingFor } from './acting.ts';

export const ndaSummary = (deps: Deps) => {
  const { version, sha256, unset } = ndaActions.currentNda(deps);
  return {
    version,
    sha256,
    url: new URL(NDA_PATH, deps.config.siteUrl).href,
    text_url: new URL(NDA_TEXT_PATH, deps.config.siteUrl).href,
    unset_settings: unset,
  };
};

export const getNda: Handler = (_request, { deps }) =>
  json({ data: ndaSummary(deps) }, { headers: { 'Cache-Control': 'public, max-age=60' } });

export const acceptNda: Handler = async (request, context) => {
  const body = await readJsonBody(request, context.deps.config.maxBodyBytes);
  const input = parseBody(ndaAcceptanceSchema, body.value, 'NDA acceptance');
  const { org, acceptance, created } = await ndaActions.acceptNda(actingFor(context, request), input);
  const { ip: _ip, user_agent: _ua, text: _text, ...shown } = acceptance;
  // 200 for the same version accepted again: the acceptance in force, unchanged.
  return json({ data: { acceptance: shown, nda: ndaView(org) } }, { status: created ? 201 : 200 });
};

// The endpoints above, declared once: the route table and /openapi.json are read from these (endpoints.ts).
export const ndaSummarySchema = z
  .object({
    data: z.object({
      version: z.string(),
      sha256: z
        .string()
        .describe('SHA-256 of the text accepted (text_url: the NDA with its parties and law filled in), hex'),
      url: z.url().describe('Where the NDA is shown'),
      text_url: z.url().describe('The text exactly as hashed (Markdown)'),
      unset_settings: z
        .array(z.string())
        .describe(
          "The service's legal settings not set (LEGAL_ENTITY, LEGAL_ADDRESS, GOVERNING_LAW): while any is, acceptance is refused (409 conflict)",
        ),
    }),
  })
  .meta({ id: 'Nda' });

export const ndaAcceptedSchema = z
  .object({
    data: z.object({
      acceptance: z.object({
        id: z.string(),
        org_id: z.string(),
        account_id: z.string(),
        version: z.string(),
        sha256: z.string(),
        signer_name: z.string(),
        signer_title: z.string(),
        created_at: z.iso.datetime(),
      }),
      nda: meSchema.shape.nda,
    }),
  })
  .meta({ id: 'NdaAccepted' });

export const ndaEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/v1/nda',
    handle: getNda,
    access: 'public',
    operationId: 'getNda',
    summary: 'The current NDA',
    description:
      'Public. Its version and the SHA-256 of its text, which an acceptance must name; the text is at url.',
    tag: 'Account',
    responses: [{ status: 200, description: 'The current NDA', schema: ndaSummarySchema }],
    errors: ['unauthorized', 'rate_limited'],
  },
  {
    method: 'POST',
    path: '/api/v1/nda/acceptances',
    handle: acceptNda,
    access: 'session',
    body: { schema: ndaAcceptanceSchema },
    operationId: 'acceptNda',
    summary: 'Accept the NDA as an authorised signer',
    description: `Admin. The organisation's NDA state becomes accepted (NDA-only fields and sample requests open); the acceptance records version, hash, signer, account, time, IP and user agent; the operator verifies it before sample links go out. The same version accepted again changes nothing (200, the acceptance in force): the verification and the links already mailed stand. 409 nda_outdated when version or sha256 is not the current one; 409 conflict while the service's legal settings are unset (the agreement would name no provider or law). The signer and the organisation's admins are mailed a PDF of the text and its signing certificate.${SESSION_NOTE}`,
    tag: 'Account',
    responses: [
      { status: 201, description: 'Accepted', schema: ndaAcceptedSchema },
      { status: 200, description: 'Already accepted: nothing changed', schema: ndaAcceptedSchema },
    ],
    errors: ['unauthorized', 'forbidden', 'nda_outdated', 'conflict', 'rate_limited'],
  },
];
