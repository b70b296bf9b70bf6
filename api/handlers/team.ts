// The team (contract §8): GET /api/v1/team (session), POST /api/v1/team/invitations (admin: invites, or changes a
// current member's role) and DELETE /api/v1/team/{account_id} (admin; never the last admin; the removed account's
// sessions end at once). Beyond the contract: the invitations still waiting (GET /api/v1/team/invitations) and
// their cancelling (DELETE /api/v1/team/invitations/{id}, admin), so a mistyped address never becomes a member.
import { z } from 'zod';
import { invitationSchema } from '../domain/labs/schemas.ts';
import { LINKS_PER_EMAIL } from '../domain/labs/signin.ts';
import { pendingInvitations, teamOf } from '../domain/labs/team.ts';
import * as team from '../actions/team.ts';
import { invitationView, invitationViewSchema, memberView, teamMemberSchema } from '../domain/labs/views.ts';
import { requireSession } from '../http/authentication.ts';
import { readJsonBody } from '../http/body.ts';
import type { Endpoint } from '../http/endpoint.ts';
import { SESSION_NOTE } from '../http/openapi/notes.ts';
import { pathId } from '../http/openapi/parameters.ts';
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

// The endpoints above, declared once: the route table and /openapi.json are read from these (endpoints.ts).
export const teamListSchema = z
  .object({ data: z.array(teamMemberSchema), count: z.int().min(0) })
  .meta({ id: 'Team' });

export const invitationCreatedSchema = z
  .object({ data: invitationViewSchema })
  .meta({ id: 'InvitationCreated' });

export const invitationListSchema = z
  .object({ data: z.array(invitationViewSchema), count: z.int().min(0) })
  .meta({ id: 'Invitations' });

// POST /api/v1/team/invitations' answer when it changes a current member's role: the member as they are now.
const teamMemberResponseSchema = z.object({ data: teamMemberSchema }).meta({ id: 'TeamMemberResponse' });

const invitationListExample = {
  data: [
    {
      id: 'stk_4TgW8mQx2RbN7cLp9ZsV',
      email: 'sam@lab.example',
      role: 'member',
      created_at: '2026-11-20T09:30:00.000Z',
      expires_at: '2026-11-27T09:30:00.000Z',
    },
  ],
  count: 1,
};

export const teamEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/v1/team',
    handle: listTeam,
    access: 'session',
    operationId: 'listTeam',
    summary: "Your organisation's accounts",
    description: `Oldest first, with their roles (admin: keys, NDA and team; member: requests and samples).${SESSION_NOTE}`,
    tag: 'Team',
    responses: [{ status: 200, description: 'The team', schema: teamListSchema }],
    errors: ['unauthorized', 'forbidden', 'rate_limited'],
  },
  {
    method: 'POST',
    path: '/api/v1/team/invitations',
    handle: invite,
    access: 'session',
    body: { schema: invitationSchema },
    operationId: 'inviteToTeam',
    summary: "Invite a colleague, or change a member's role",
    description:
      'Admin. Mails a sign-in link (valid 72 hours, once) that makes the verified account with the role on first use (201). ' +
      'Someone already in your team invited with another role gets that role at once, and nothing is mailed (200 with the member); ' +
      'the last admin is never made a member (409 conflict). ' +
      'Already in your team with that role: 409 conflict. ' +
      'An address whose account belongs to another organisation is answered 201 as any other (an admin learns nothing of other organisations): its holder is mailed that they were invited, with no link, and their account stays as it is. ' +
      'The account made gets no more than its inviter’s role when the link is used; removing or demoting the inviter cancels the invitations they sent. ' +
      `One address gets at most ${LINKS_PER_EMAIL} links (sign-in links and invitations together) in 15 minutes: then 429 rate_limited with Retry-After.${SESSION_NOTE}`,
    tag: 'Team',
    responses: [
      {
        status: 200,
        description: 'A current member with another role: their role is changed',
        schema: teamMemberResponseSchema,
      },
      { status: 201, description: 'Invited', schema: invitationCreatedSchema },
    ],
    errors: ['unauthorized', 'forbidden', 'conflict', 'rate_limited'],
  },
  {
    method: 'GET',
    path: '/api/v1/team/invitations',
    handle: listInvitations,
    access: 'session',
    operationId: 'listInvitations',
    summary: 'Invitations not yet used',
    description: `Newest first: those whose link still works (neither used, cancelled nor expired).${SESSION_NOTE}`,
    tag: 'Team',
    responses: [
      {
        status: 200,
        description: 'The invitations waiting',
        schema: invitationListSchema,
        example: invitationListExample,
      },
    ],
    errors: ['unauthorized', 'forbidden', 'rate_limited'],
  },
  {
    method: 'DELETE',
    path: '/api/v1/team/invitations/:id',
    handle: cancelOwnInvitation,
    access: 'session',
    parameters: [
      pathId(
        'The invitation id (stk_…), as POST /api/v1/team/invitations answered it',
        'stk_4TgW8mQx2RbN7cLp9ZsV',
      ),
    ],
    operationId: 'cancelInvitation',
    summary: 'Cancel an invitation',
    description:
      'Admin. Its link stops working at once; whoever follows it is told the invitation was cancelled. ' +
      'One already cancelled or expired: 204, nothing changes. One already used: 409 conflict (the account exists: remove it instead). ' +
      `Another organisation's invitation is 404.${SESSION_NOTE}`,
    tag: 'Team',
    responses: [{ status: 204, description: 'Cancelled' }],
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited'],
  },
  {
    method: 'DELETE',
    path: '/api/v1/team/:id',
    handle: removeMember,
    access: 'session',
    parameters: [pathId('The account id (acc_…)', 'acc_7JkP2sWq9XvT4mRb8nLc')],
    operationId: 'removeFromTeam',
    summary: 'Remove an account from the team',
    description: `Admin. Its sessions end at once. Never the last admin (409 conflict). Another organisation's account is 404.${SESSION_NOTE}`,
    tag: 'Team',
    responses: [{ status: 204, description: 'Removed' }],
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited'],
  },
];
