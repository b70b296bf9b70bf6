// GET /api/v1/nda (public): the current NDA's version, hash and address. POST /api/v1/nda/acceptances (session,
// admin): the click-through acceptance, 201 (200 when that version is already accepted: nothing changes), or 409
// nda_outdated when the text accepted is not the current one.
import { loadNdaDocument, NDA_PATH, type NdaDocument } from '../domain/labs/nda-document.ts';
import { acceptNdaOnline } from '../domain/labs/nda.ts';
import { ndaAcceptanceSchema } from '../domain/labs/schemas.ts';
import { ndaView } from '../domain/labs/views.ts';
import { requireAdmin } from '../http/authentication.ts';
import { readJsonBody } from '../http/body.ts';
import { json } from '../http/responses.ts';
import type { Deps, Handler } from '../http/types.ts';
import { parseBody } from '../http/validation.ts';

// Read once per process: the document changes with a deploy, not while the server runs.
const documents = new Map<string, NdaDocument>();
export const currentNda = (deps: Deps) => {
  const dir = deps.config.contentDir;
  let document = documents.get(dir);
  if (!document) documents.set(dir, (document = loadNdaDocument(dir)));
  return document;
};

export const ndaSummary = (deps: Deps) => {
  const { version, sha256 } = currentNda(deps);
  return { version, sha256, url: new URL(NDA_PATH, deps.config.siteUrl).href };
};

export const getNda: Handler = (_request, { deps }) =>
  json({ data: ndaSummary(deps) }, { headers: { 'Cache-Control': 'public, max-age=60' } });

export const acceptNda: Handler = async (request, context) => {
  const caller = requireAdmin(context);
  const { deps, now, clientIp } = context;
  const body = await readJsonBody(request, deps.config.maxBodyBytes);
  const input = parseBody(ndaAcceptanceSchema, body.value, 'NDA acceptance');
  const meta = {
    ip: clientIp,
    userAgent: request.headers.get('user-agent') ?? '',
    operatorEmail: deps.config.sourcingLeadEmail,
  };
  const { org, acceptance, created } = await deps.store.transact((tx) =>
    acceptNdaOnline(tx, caller, input, currentNda(deps), meta, now),
  );
  deps.background?.kick();
  const { ip: _ip, user_agent: _ua, ...shown } = acceptance;
  // 200 for the same version accepted again: the acceptance in force, unchanged.
  return json({ data: { acceptance: shown, nda: ndaView(org) } }, { status: created ? 201 : 200 });
};
