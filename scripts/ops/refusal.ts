// How the CLI says a refused action: the action's message (in no door's words), then a hint in the CLI's own: the
// command that lists what was not found, or the flags that carry the fields refused.
import type { DomainError } from '../../api/errors.ts';

/** For `not_found`: what the message says was not found, and the command that lists those. */
const LISTS: [RegExp, string][] = [
  [/^No organisation /, 'ops org list'],
  [/^No key /, 'ops key list --org ORG'],
  [/^No data request /, 'ops requests list'],
  [/^No sample request /, 'ops samples list'],
  [/^No access request /, 'ops access list'],
  [/^No demand post /, 'ops demand list'],
  [/^No account /, 'ops account list --org ORG'],
  [/^No staff member /, 'ops staff list'],
];

/** The line on stderr for a refused action (exit 1). */
export function refusal(error: DomainError): string {
  const lister = error.code === 'not_found' && LISTS.find(([says]) => says.test(error.message))?.[1];
  if (lister) return `${error.message.replace(/\.$/, '')}: "${lister}" shows them.`;
  if (error.code === 'invalid' && error.fields) {
    const flags = Object.keys(error.fields).map((field) => `--${field.replaceAll('_', '-')}`);
    return `${error.message} (${flags.join(', ')})`;
  }
  return error.message;
}
