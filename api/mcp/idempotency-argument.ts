// The endpoints' Idempotency-Key header as a tool argument, idempotency_key: an agent that lost an answer (a timeout,
// a dropped connection) retries the call, and must not store a request and mail the sourcing lead twice.
import { z } from 'zod';
import { IDEMPOTENCY_KEY } from '../http/idempotency-key.ts';
import type { Args } from './arguments.ts';
import { refusal, type ApiAnswer } from './door.ts';

/** The argument's schema; `what`: what a retry with the same key and arguments gets instead of a second one. */
export const idempotencyKeyArgument = (what: string) =>
  z
    .string()
    .regex(IDEMPOTENCY_KEY)
    .optional()
    .describe(
      `Any unique string you choose (a UUID; 1 to 255 visible ASCII characters). A retry with the same key and the same arguments ${what}; reuse a key only to retry.`,
    );

/**
 * Runs `call` with the other arguments and idempotency_key as the Idempotency-Key header; the endpoint's refusals
 * of the header name the argument, which is what the agent knows.
 */
export async function withIdempotencyKey(
  args: Args,
  call: (rest: Args, headers: Record<string, string> | undefined) => Promise<ApiAnswer>,
): Promise<ApiAnswer> {
  const { idempotency_key: key, ...rest } = args;
  if (key !== undefined && typeof key !== 'string') {
    return refusal('invalid', 'Invalid arguments: idempotency_key. See error.fields.', {
      idempotency_key: ['must be a string: 1 to 255 visible ASCII characters, e.g. a UUID'],
    });
  }
  const answer = await call(rest, key === undefined ? undefined : { 'idempotency-key': key });
  const error = (answer.body as { error?: { fields?: Record<string, string[]> } } | null)?.error;
  if (!error?.fields?.['Idempotency-Key']) return answer;
  const { 'Idempotency-Key': messages, ...fields } = error.fields;
  return {
    status: answer.status,
    body: { error: { ...error, fields: { ...fields, idempotency_key: messages } } },
  };
}
