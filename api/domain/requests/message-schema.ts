// A lab's message on its request's thread (POST /api/v1/requests/{id}/messages, the dashboard's message box, the
// send_request_message tool): one schema, counted as a reader sees it (free-text.ts).
import { z } from 'zod';
import { freeText } from '../free-text.ts';

export const MESSAGE_MAX = 5000;

export const requestMessageInputSchema = z
  .strictObject({
    body: freeText({
      min: 1,
      max: MESSAGE_MAX,
      what: 'your message',
      error: 'must be your message to the sourcing team, as text',
    }).describe('Your message, 1 to 5,000 characters (counted as a reader sees them)'),
  })
  .meta({ id: 'RequestMessageInput' });
