// One mailbox per address: the one rule for every email address the service stores or sends to, whoever types it
// (the operator's CLI, the API, the configuration). Mail libraries read "a,b@x", "a;b@x" and "Name <x@y>" as
// address lists or display names, so anything beyond a plain dot-atom `local@domain` is refused, not repaired.
import { z } from 'zod';
import { required } from '../zod-messages.ts';

// RFC 5322 dot-atom for the local part (no quoted strings, no comments); RFC 1035 labels for the domain.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN =
  /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const MAX_LENGTH = 254; // RFC 5321 §4.5.3.1.3: a path of 256 octets, less the angle brackets
const MAX_LOCAL_LENGTH = 64;

/** The address as stored (trimmed, lower case), or undefined when it is not exactly one plain mailbox. */
export function normaliseMailbox(input: string): string | undefined {
  const address = input.trim().toLowerCase();
  if (address.length > MAX_LENGTH) return undefined;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at > MAX_LOCAL_LENGTH) return undefined;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  return LOCAL_PART.test(local) && DOMAIN.test(domain) ? address : undefined;
}

/** Domains whose mailboxes ignore dots in the local part; googlemail.com delivers to the same inboxes as gmail.com. */
const DOTS_IGNORED: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The inbox a stored address reaches, for counting what is mailed to it: without its `+tag`, and without dots where
 * the domain ignores them (victim+1@x and victim+2@x are one inbox; so are v.ictim@gmail.com and victim@gmail.com).
 */
export function inboxOf(address: string): { inbox: string; domain: string } {
  const at = address.lastIndexOf('@');
  let local = address.slice(0, at).split('+', 1)[0]!;
  let domain = address.slice(at + 1);
  const canonical = DOTS_IGNORED[domain];
  if (canonical) {
    domain = canonical;
    local = local.replaceAll('.', '');
  }
  return { inbox: `${local}@${domain}`, domain };
}

export const MAILBOX_RULE = 'one plain address such as lead@lab.example (no lists, names or angle brackets)';

/** The same rule for a body or the environment: a zod string that comes out normalised. */
export const mailboxSchema = z.string({ error: required(MAILBOX_RULE) }).transform((value, context) => {
  const address = normaliseMailbox(value);
  if (address === undefined) {
    context.addIssue({ code: 'custom', message: `must be ${MAILBOX_RULE}` });
    return z.NEVER;
  }
  return address;
});
