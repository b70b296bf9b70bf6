// The team (contract §8): GET /api/v1/team (session), POST /api/v1/team/invitations (admin: invites, or changes a
// current member's role) and DELETE /api/v1/team/{account_id} (admin; never the last admin; the removed account's
// sessions end at once). Beyond the contract: the invitations still waiting (GET /api/v1/team/invitations) and
// their cancelling (DELETE /api/v1/team/invitations/{id}, admin), so a mistyped address never becomes a member.
import { invitationSchema } from '../domain/labs/schemas.ts';
import { pendingInvitations, teamOf } from '../domain/labs/team.ts';
import * as team from '../actions/team.ts';
import { invitationView, memberView } from '../domain/labs/views.ts';
import { requireSession } from '../http/authentication.ts';
import { readJsonBody } from '../http/body.ts';
import { empty, json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseBody } from '../http/validation.ts';
import { actingFor } from './acting.ts';

export const listTeam: Handler = async (_request, context) => {
  const caller = requireSession(context);
  const data = (await teamOf(context.deps.store, caller.org.id)).map(memberView);
  return json({ data, count: data.length });
};

export const invite: Handler = async (request, context) => {
  const body = await readJsonBody(request, context.deps.config.maxBodyBytes);
  const input = parseBody(invitationSchema, body.value, 'invitation');
  const outcome = await team.inviteMember(actingFor(context), input);
  // A role changed is the member as they are now (200); nothing was created and nothing is mailed.
  if (outcome.kind === 'role_changed') return json({ data: memberView(outcome.member) });
  return json({ data: invitationView(outcome.invitation) }, { status: 201 });
};

export const listInvitations: Handler = async (_request, context) => {
  const caller = requireSession(context);
  const data = (await pendingInvitations(context.deps.store, caller.org.id, context.now)).map(invitationView);
  return json({ data, count: data.length });
};

export const cancelOwnInvitation: Handler = async (_request, context) => {
  await team.cancelInvitation(actingFor(context), context.params.id!);
  return empty({ status: 204 });
};

export const removeMember: Handler = async (_request, context) => {
  await team.removeMember(actingFor(context), context.params.id!);
  return empty({ status: 204 });
};
