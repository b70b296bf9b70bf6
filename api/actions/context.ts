// What every action is given: the service's parts, who acts, and when. Doors (API handlers, dashboard pages, the
// operator CLI, MCP through the API) build one and call an action; the action owns the access check, the order of
// its preconditions, its transaction, its events and its background kick.
import type { AfterAnswer } from '../after-answer.ts';
import type { Config } from '../config.ts';
import type { Caller } from '../domain/labs/caller.ts';
import type { Catalog } from '../domain/listings/catalog.ts';
import type { LinkSigner } from '../domain/samples/links.ts';
import type { SecretBox } from '../domain/webhooks/secrets.ts';
import { OPERATOR_AUTHOR, type Author } from '../domain/requests/thread.ts';
import { DomainError } from '../errors.ts';
import type { StaffRecord } from '../store/desk-records.ts';
import { audit } from '../domain/audit.ts';
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
  /** Work the answer must not wait for (api/after-answer.ts); absent in the CLI, where it runs at once. */
  afterAnswer?: AfterAnswer;
  /** Sign-in links asked for per client address: one counter per process, whichever door asks. */
  signinLimiter?: { take(client: string, now?: number): { allowed: boolean; retryAfter: number } };
};

/**
 * A lab (by key or dashboard session), the operator at the CLI, a staff member signed in at the desk (contract §13:
 * the operator's powers, each step audited with their id), or a visitor (anyone, signed in or not).
 */
export type Actor =
  | { kind: 'lab'; caller: Caller }
  | { kind: 'operator' }
  | { kind: 'staff'; staff: StaffRecord }
  | { kind: 'visitor' };

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
export const staffActor = (staff: StaffRecord): Actor => ({ kind: 'staff', staff });

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

/** The sourcing team: the operator at the CLI, or a staff member at the desk. */
export const isOperator = (context: ActionContext) =>
  context.actor.kind === 'operator' || context.actor.kind === 'staff';

/** Refused unless the sourcing team acts (the CLI, or staff at the desk). */
export function requireOperator(context: ActionContext): void {
  if (!isOperator(context)) throw new DomainError('forbidden', 'Only the sourcing team can do this.');
}

/** A step of the sourcing team: what it did, and to which organisation ('' for none). */
export type Step = { action: string; orgId: string; detail?: string | null };

/**
 * The sourcing team's step in one transaction, then the background kick; at the desk, an audit line with the staff
 * member's id in the same transaction (contract §13), so a step is never recorded without its author.
 */
export function operatorStep<T>(
  context: ActionContext,
  work: (tx: Tx) => Promise<T>,
  step: (result: T, tx: Tx) => Step | Promise<Step>,
): Promise<T> {
  requireOperator(context);
  const actor = context.actor;
  return transactAndKick(context, async (tx) => {
    const result = await work(tx);
    // Whichever door the team used, the same line: the staff member's id, or null for the operator at the CLI.
    const { action, orgId, detail = null } = await step(result, tx);
    const entry = { kind: 'staff_action' as const, org_id: orgId, key_id: null, listing_id: '', detail };
    const staffId = actor.kind === 'staff' ? actor.staff.id : null;
    await audit(tx, { ...entry, staff_id: staffId, action }, context.now);
    return result;
  });
}

/** The sourcing team member acting (a thread reply, a note, an owner): refused unless the actor is of the team. */
export function sourcingAuthor(context: ActionContext): Author {
  requireOperator(context);
  const actor = context.actor;
  return actor.kind === 'staff' ? { id: actor.staff.id, name: actor.staff.name } : OPERATOR_AUTHOR;
}

/** Runs `work` in one transaction, then asks for the background pass that sends what it queued. */
export async function transactAndKick<T>(context: ActionContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await context.store.transact(work);
  context.background?.kick(); // mail and webhooks go after the answer, never before it
  return result;
}
