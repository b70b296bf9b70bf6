// What every action is given: the service's parts, who acts, and when. Doors (API handlers, dashboard pages, the
// operator CLI, MCP through the API) build one and call an action; the action owns the access check, the order of
// its preconditions, its transaction, its events and its background kick.
import type { Config } from '../config.ts';
import type { Caller } from '../domain/labs/caller.ts';
import type { Catalog } from '../domain/listings/catalog.ts';
import type { LinkSigner } from '../domain/samples/links.ts';
import type { SecretBox } from '../domain/webhooks/secrets.ts';
import { OPERATOR_AUTHOR, type Author } from '../domain/requests/thread.ts';
import { DomainError } from '../errors.ts';
import type { Store, Tx } from '../store/store.ts';

/** The parts of a running service an action may use: one set per process (api/runtime.ts). */
export type Services = {
  config: Config;
  catalog: Catalog;
  store: Store;
  signer?: LinkSigner;
  secrets?: SecretBox;
  /** Asks for a background pass soon (mail, sample links, webhooks) without waiting; absent in the CLI. */
  background?: { kick(): void };
  /** Sign-in links asked for per client address: one counter per process, whichever door asks. */
  signinLimiter?: { take(client: string, now?: number): { allowed: boolean; retryAfter: number } };
};

/** A lab (by key or dashboard session), the operator at the CLI, or a visitor (anyone, signed in or not). */
export type Actor = { kind: 'lab'; caller: Caller } | { kind: 'operator' } | { kind: 'visitor' };

export type ActionContext = Services & {
  actor: Actor;
  now: Date;
  /** The client's address, where a door has one (sign-in limits, NDA acceptances, audit). */
  clientIp?: string;
  userAgent?: string;
};

export const operator: Actor = { kind: 'operator' };
export const visitor: Actor = { kind: 'visitor' };
export const lab = (caller: Caller): Actor => ({ kind: 'lab', caller });

/** The lab acting; an operator action is refused here, since it acts for no organisation. */
export function labOf(context: ActionContext): Caller {
  if (context.actor.kind === 'lab') return context.actor.caller;
  throw new DomainError('forbidden', 'Only a lab can do this, for its own organisation.');
}

/** A signed-in person of the lab: keys never manage keys, the team, the NDA or webhooks. */
export function signedInLab(context: ActionContext): Caller {
  const caller = labOf(context);
  if (caller.kind === 'session') return caller;
  throw new DomainError(
    'forbidden',
    'An API key cannot do this: keys, the team, the NDA and webhooks are managed from the dashboard, signed in.',
  );
}

/** A signed-in admin of the lab (a member or a key is refused, told that only an admin can do `what`). */
export function labAdmin(context: ActionContext, what: string): Caller {
  const caller = signedInLab(context);
  if (caller.role === 'admin') return caller;
  throw new DomainError(
    'forbidden',
    `Only an admin of your organisation can ${what}; ask one of your admins.`,
  );
}

/** Refused unless the operator acts (the CLI; the desk's staff next). */
export function requireOperator(context: ActionContext): void {
  if (context.actor.kind !== 'operator')
    throw new DomainError('forbidden', 'Only the sourcing team can do this.');
}

/**
 * The sourcing team member acting (a thread reply, a note, an owner): refused unless the actor is of the team.
 * The desk's staff actor is named here too, with its id and name.
 */
export function sourcingAuthor(context: ActionContext): Author {
  requireOperator(context);
  return OPERATOR_AUTHOR;
}

/** Runs `work` in one transaction, then asks for the background pass that sends what it queued. */
export async function transactAndKick<T>(context: ActionContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await context.store.transact(work);
  context.background?.kick(); // mail and webhooks go after the answer, never before it
  return result;
}
