// The inbox an address reaches, as the access form's daily cap counts it (issue 41 item 11): the `+tag` off, and
// the dots off where the domain ignores them, so one inbox is not mailed once per spelling.
import { expect, test } from 'vitest';
import { inboxOf } from '../../api/domain/labs/mailbox.ts';

test.each([
  ['victim+1@target.example', 'victim@target.example', 'target.example'],
  ['victim+a+b@target.example', 'victim@target.example', 'target.example'],
  ['first.last@target.example', 'first.last@target.example', 'target.example'],
  ['f.irst.last+x@gmail.com', 'firstlast@gmail.com', 'gmail.com'],
  ['first.last@googlemail.com', 'firstlast@gmail.com', 'gmail.com'],
  ['+only-tag@target.example', '@target.example', 'target.example'],
])('%s reaches %s', (address, inbox, domain) => {
  expect(inboxOf(address)).toEqual({ inbox, domain });
});
