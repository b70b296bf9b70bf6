// A lab's message on its request's thread: 1 to 5,000 characters counted as a reader sees them; what no reader
// sees (zero-width characters alone) is refused, said as a person would read it.
import { expect, test } from 'vitest';
import { requestMessageInputSchema } from '../../api/domain/requests/message-schema.ts';

const issue = (body: unknown) =>
  requestMessageInputSchema.safeParse({ body }).error?.issues.map((i) => i.message) ?? [];

test('trimmed; 5,000 characters of any script pass', () => {
  expect(requestMessageInputSchema.parse({ body: '  Hola 👋\n' }).body).toBe('Hola 👋');
  expect(issue('ü'.repeat(5000))).toEqual([]);
});

test.each([
  ['blanks', '   ', 'write your message in visible characters'],
  ['zero-width characters alone', '\u200b\u200d', 'write your message in visible characters'],
  ['5,001 characters', 'x'.repeat(5001), 'keep it within 5,000 characters'],
  ['a control character', 'Hi\u0007', 'must not hold control characters (newlines and tabs are fine)'],
])('%s: refused as "%s"', (_what, body, message) => {
  expect(issue(body)).toEqual([message]);
});
