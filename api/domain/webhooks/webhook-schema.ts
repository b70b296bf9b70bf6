// The body of POST /api/v1/webhooks: one zod schema validates it, drives error.fields and the OpenAPI document.
import { z } from 'zod';
import { vocabularyTerm } from '../vocabulary-term.ts';
import { EVENT_TYPES } from './events.ts';

export const webhookSchema = z.strictObject({
  url: z
    .url({
      protocol: /^https?$/,
      error: 'must be an absolute https URL, such as https://hooks.example.com/dss',
    })
    .max(2000, { error: 'must be at most 2,000 characters' })
    .describe('Where events are POSTed: https, to a public address'),
  events: z
    .array(vocabularyTerm(EVENT_TYPES, 'an event type'), {
      error: 'must be a list of event types, e.g. ["request.created", "request.replied"]',
    })
    .max(EVENT_TYPES.length, { error: `names at most the ${EVENT_TYPES.length} event types` })
    .default([])
    .describe('The events to receive; every event when empty or left out'),
});

export type WebhookInput = z.output<typeof webhookSchema>;
