// GET /api/v1/nda (public): the current NDA's version, hash and address. POST /api/v1/nda/acceptances (session,
// admin): the click-through acceptance, 201 (200 when that version is already accepted: nothing changes), or 409
// nda_outdated when the text accepted is not the current one.
import * as ndaActions from '../actions/nda.ts';
import { NDA_PATH } from '../domain/labs/nda-document.ts';
import { ndaAcceptanceSchema } from '../domain/labs/schemas.ts';
import { ndaView } from '../domain/labs/views.ts';
import { readJsonBody } from '../http/body.ts';
import { json } from '../http/responses.ts';
import type { Deps, Handler } from '../http/types.ts';
import { parseBody } from '../http/validation.ts';
import { actingFor } from './acting.ts';

export const ndaSummary = (deps: Deps) => {
  const { version, sha256 } = ndaActions.currentNda(deps);
  return { version, sha256, url: new URL(NDA_PATH, deps.config.siteUrl).href };
};

export const getNda: Handler = (_request, { deps }) =>
  json({ data: ndaSummary(deps) }, { headers: { 'Cache-Control': 'public, max-age=60' } });

export const acceptNda: Handler = async (request, context) => {
  const body = await readJsonBody(request, context.deps.config.maxBodyBytes);
  const input = parseBody(ndaAcceptanceSchema, body.value, 'NDA acceptance');
  const { org, acceptance, created } = await ndaActions.acceptNda(actingFor(context, request), input);
  const { ip: _ip, user_agent: _ua, ...shown } = acceptance;
  // 200 for the same version accepted again: the acceptance in force, unchanged.
  return json({ data: { acceptance: shown, nda: ndaView(org) } }, { status: created ? 201 : 200 });
};
