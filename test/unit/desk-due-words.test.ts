// The inbox's timers in words (contract §13): "due in 3 hours", "overdue by 2 hours", in the unit a person uses.
import { expect, test } from 'vitest';
import { dueWords } from '../../api/domain/desk/due-words.ts';

const now = new Date('2026-11-20T12:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

test.each([
  [180, 'due in 3 hours', false],
  [-120, 'overdue by 2 hours', true],
  [45, 'due in 45 minutes', false],
  [0.2, 'due in 1 minute', false],
  [-3 * 1440 - 5, 'overdue by 3 days', true],
  [47 * 60, 'due in 47 hours', false],
])('%s minutes from now: %s', (minutes, text, overdue) => {
  expect(dueWords(at(minutes), now)).toEqual({ text, overdue });
});
