// The body of POST /api/v1/webhooks: one zod schema validates it, drives error.fields and the OpenAPI document.
import { z } from 'zod';
import { vocabularyTerm } from '../vocabulary-term.ts';
import { EVENT_TYPES } from './events.ts';

/** C0 and C1 controls, DEL, and the bidirectional marks, overrides and isolates (Trojan Source). */
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const webhookSchema = z.strictObject({
  url: z
    .url({
      protocol: /^https?$/,
      error: 'must be an absolute https URL, such as https://hooks.example.com/dss',
    })
    .max(2000, { error: 'must be at most 2,000 characters' })
    // An escape sequence or a bidi override would reach the operator's terminal and the dashboard as typed.
    .refine((url) => !HIDDEN_CHARACTERS.test(url), {
      error: 'must not hold control or bidirectional-override characters: percent-encode them (%1B)',
    })
    .transform((url) => new URL(url).href) // stored as parsed, as every client will send to it
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
