// POST /api/v1/requests/{id}/messages: the lab writes to the sourcing team about its own request (contract §13).
// The thread is read with the request (GET /api/v1/requests/{id}, `messages`).
import { z } from 'zod';
import { sendRequestMessage } from '../actions/thread.ts';
import { requestMessageInputSchema } from '../domain/requests/message-schema.ts';
import { labMessageView, requestMessageSchema } from '../domain/requests/views.ts';
import { readJsonBody } from '../http/body.ts';
import type { Endpoint } from '../http/endpoint.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseBody } from '../http/validation.ts';
import { actingFor } from './acting.ts';
import { labMessageExample, requestMessageInputExample } from './examples.ts';

export const requestMessageResponseSchema = z
  .object({ data: requestMessageSchema })
  .meta({ id: 'RequestMessageResponse' });

export const postMessage: Handler = async (request, context) => {
  const body = await readJsonBody(request, context.deps.config.maxBodyBytes);
  const input = parseBody(requestMessageInputSchema, body.value, 'message');
  const id = context.params.id!;
  const posted = await sendRequestMessage(actingFor(context, request), id, input.body);
  return json(
    { data: labMessageView(posted) },
    { status: 201, headers: { Location: `/api/v1/requests/${id}` } },
  );
};

export const requestMessageEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/v1/requests/:id/messages',
    handle: postMessage,
    access: 'key',
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'string' },
        example: 'req_7Gk2qW9xLmN3pR5tV8yZ',
      },
    ],
    body: { schema: requestMessageInputSchema, example: requestMessageInputExample },
    operationId: 'sendRequestMessage',
    summary: 'Write to the sourcing team about one of your requests',
    description:
      "The message joins the request's thread (messages in GET /api/v1/requests/{id}) and is mailed to the sourcing lead, who answers there and by mail. A closed request is 409 conflict; another organisation's id is 404.",
    tag: 'Requests',
    responses: [
      {
        status: 201,
        description: 'Stored and sent to the sourcing team',
        schema: requestMessageResponseSchema,
        headers: { Location: 'The request whose thread holds it: /api/v1/requests/{id}' },
        example: labMessageExample,
      },
    ],
    errors: ['unauthorized', 'not_found', 'invalid', 'conflict', 'rate_limited', 'unavailable'],
  },
];
