// What every CLI command is (its usage, options and run), the values it reads, and the shapes it shows records in.
import { type ParseArgsConfig } from 'node:util';
import { type Config } from '../../api/config.ts';
import { ndaView } from '../../api/domain/labs/views.ts';
import { findOrg } from '../../api/domain/labs/org-lookup.ts';
import { closest } from '../../api/domain/closest.ts';
import { SAMPLE_REQUEST_STATUSES, sampleView } from '../../api/domain/samples/views.ts';
import type { ActionContext } from '../../api/actions/context.ts';
import { type Runtime } from '../../api/runtime.ts';
import type {
  AccessRequestStatus,
  ApiKeyRecord,
  MailStatus,
  Org,
  SampleRequestRecord,
  SampleStatus,
} from '../../api/store/records.ts';
import type { Store } from '../../api/store/store.ts';

export type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | undefined>;
export type Context = {
  store: Store;
  config: Config;
  now: Date;
  values: Values;
  args: string[];
  /** The catalogue, links and mail, built on first use (most commands need only the store). */
  runtime(): Promise<Runtime>;
  /** What an action is given: the runtime's parts, the operator as the actor (no background: see deliver). */
  acting(needs?: { catalog?: boolean }): Promise<ActionContext>;
  /** Sends the mail and webhooks queued so far, unless they are left to the server (deliveryForCli). */
  deliver(): Promise<void>;
};

export type Command = {
  usage: string;
  summary: string;
  options?: Options;
  /** Names of the positional arguments, all required. */
  args?: string[];
  run(context: Context): Promise<unknown> | unknown;
  /** How a person reads the result (without --json); the JSON value otherwise. */
  human?(result: never): string;
  /** A listing's columns for a person (a field, or a path such as nda.state); --json has every field. */
  columns?: string[];
};

export class UsageError extends Error {}

export const str = (values: Values, name: string): string => {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
};

/**
 * A value that must be one of `allowed`: anything else is bad usage (exit 2, contract §6), naming the allowed
 * values and the closest, as the API's 422s do (closest.ts).
 */
export function oneOf<T extends string>(what: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const near = closest(value, allowed);
  throw new UsageError(
    `${what} "${value}" is not one of ${allowed.join(', ')}${near ? `; did you mean "${near}"?` : ''}`,
  );
}

/** An optional option's value, checked by oneOf; undefined when the option is not given. */
export const optionOf = <T extends string>(
  values: Values,
  name: string,
  allowed: readonly T[],
): T | undefined =>
  values[name] === undefined ? undefined : oneOf(`--${name}`, String(values[name]), allowed);

// The stores' states, for the listing commands' --status (the types are in records.ts; these are their values).
export const ACCESS_STATUSES = [
  'pending',
  'approved',
  'rejected',
] as const satisfies readonly AccessRequestStatus[];
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const satisfies readonly MailStatus[];

// Sample requests go by the API's state names (contract §9: link_sent), shown by the API's own view; the store
// calls link_sent `sent`, which was the CLI's word too and is still understood.
export const STORED_SAMPLE_STATUS = {
  pending_verification: 'pending_verification',
  link_sent: 'sent',
  rejected: 'rejected',
} as const satisfies Record<(typeof SAMPLE_REQUEST_STATUSES)[number], SampleStatus>;

export function sampleStatusOf(values: Values): SampleStatus | undefined {
  if (values.status === undefined) return undefined;
  const given = values.status === 'sent' ? 'link_sent' : String(values.status);
  return STORED_SAMPLE_STATUS[oneOf('--status', given, SAMPLE_REQUEST_STATUSES)];
}

export const sampleShown = (sample: SampleRequestRecord, config: Config) => ({
  ...sample,
  status: sampleView(sample, config.sampleLinkTtlSeconds).status,
});

export const publicKey = ({ hash: _hash, ...key }: ApiKeyRecord) => key;

export const REQUEST_COLUMNS = [
  'id',
  'org_id',
  'org_name',
  'status',
  'data_types',
  'created_at',
  'reply_due_at',
  'replied_at',
];

/** --org as a person gives it: an id, or a name in any case (an ambiguous name is refused listing the ids). */
export const orgOption = async (store: Store, values: Values): Promise<Org> =>
  findOrg(store, str(values, 'org'));

/** An organisation as the API shows its NDA (a revoked one is "revoked", not the store's "none"). */
export const orgShown = (org: Org) => ({ ...org, nda: ndaView(org) });

/** Queues the sample links that became due, and sends what is queued; what fails stays queued. */
export async function sendDue(runtime: Runtime, deliver: () => Promise<void>): Promise<number> {
  const sent = await runtime.fulfil();
  await deliver();
  return sent;
}
