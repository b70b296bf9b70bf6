// The lab's side of a request's thread as a tool: send_request_message calls POST /api/v1/requests/{id}/messages
// with the caller's key; the thread itself comes back with get_request (messages).
import { z } from 'zod';
import { requestMessageInputSchema } from '../domain/requests/message-schema.ts';
import { requestMessageResponseSchema } from '../handlers/request-messages.ts';
import { segment } from './arguments.ts';
import { refusal } from './door.ts';
import { tool } from './tool.ts';

const input = requestMessageInputSchema.extend({
  id: z.string().describe('A data request id (req_…), as submit_data_request or list_my_requests give it'),
});

export const sendRequestMessageTool = tool({
  name: 'send_request_message',
  title: 'Write to the sourcing team about a request',
  description:
    "Send a message about one of your data requests (a question, a change to what you need): it joins the request's thread and is mailed to the sourcing lead, whose answer comes back in get_request's messages and by mail. 1 to 5,000 characters; a closed request is refused (conflict). Needs an API key.",
  keyed: true,
  endpoint: 'POST /api/v1/requests/{id}/messages',
  input,
  output: requestMessageResponseSchema,
  annotations: {
    title: 'Write to the sourcing team about a request',
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
  run: (args, door) => {
    const { id, ...body } = args;
    if (typeof id !== 'string' || id === '') {
      const fields = { id: [id === undefined ? 'required: a string' : 'must be a string'] };
      return Promise.resolve(refusal('invalid', 'Invalid arguments: id. See error.fields.', fields));
    }
    return door.call({ method: 'POST', path: `/api/v1/requests/${segment(id)}/messages`, body });
  },
  summary: ({ data }) =>
    `Message ${data.id} sent to the sourcing team at ${data.at}; their answer appears in get_request's messages and by mail.`,
});
