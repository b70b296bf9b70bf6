// The operator CLI (contract §6): `npm run --silent ops -- <noun> <verb> [args] [--json]`.
// Exit 0 on success, 1 on a refused action (one line on stderr), 2 on bad usage. It works on the same store as a
// running server (see api/store/): nothing either writes is lost, and the server sees changes at once.
import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig, type Config } from '../api/config.ts';
import { addAccount, createOrg, requireOrg, verifyAccount } from '../api/domain/labs/organisations.ts';
import { issueKey, requireKey, revokeKey, rotateKey } from '../api/domain/labs/api-keys.ts';
import { acceptNda, revokeNda, verifyNda } from '../api/domain/labs/nda.ts';
import { approveAccessRequest, rejectAccessRequest } from '../api/domain/labs/access-requests.ts';
import { roleOf } from '../api/domain/labs/caller.ts';
import { ndaView, ROLES } from '../api/domain/labs/views.ts';
import { closest } from '../api/domain/closest.ts';
import { moveListingStatus } from '../api/domain/listings/listing-status.ts';
import { removeDemandPost } from '../api/domain/requests/data-requests.ts';
import { moveRequest, replyToRequest } from '../api/domain/requests/lifecycle.ts';
import { approveSample, rejectSample, requireSample } from '../api/domain/samples/sample-requests.ts';
import { SAMPLE_REQUEST_STATUSES, sampleView } from '../api/domain/samples/views.ts';
import { LISTING_STATUSES, REQUEST_OUTCOMES, REQUEST_STATUSES } from '../api/domain/vocabulary.ts';
import { generatedLinkSecretPath } from '../api/domain/samples/links.ts';
import { createSecretBox } from '../api/domain/webhooks/secrets.ts';
import { deliveryView, endpointView } from '../api/domain/webhooks/views.ts';
import { RefusedError } from '../api/errors.ts';
import { silentLog } from '../api/http/log.ts';
import { openRuntime, type Runtime } from '../api/runtime.ts';
import { deliveryForCli, siteUrlForCli } from '../api/server-records.ts';
import { copyStore } from '../api/store/copy-store.ts';
import { eventsOf, ranges } from '../api/domain/requests/views.ts';
import { openStore } from '../api/store/open-store.ts';
import type {
  AccessRequestStatus,
  ApiKeyRecord,
  MailStatus,
  Org,
  SampleRequestRecord,
  SampleStatus,
  WebhookEndpointRecord,
} from '../api/store/records.ts';
import type { Store } from '../api/store/store.ts';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | undefined>;
type Context = {
  store: Store;
  config: Config;
  now: Date;
  values: Values;
  args: string[];
  /** The catalogue, links and mail, built on first use (most commands need only the store). */
  runtime(): Promise<Runtime>;
  /** Sends the mail and webhooks queued so far, unless they are left to the server (deliveryForCli). */
  deliver(): Promise<void>;
};

type Command = {
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

class UsageError extends Error {}

const str = (values: Values, name: string): string => {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
};

/**
 * A value that must be one of `allowed`: anything else is bad usage (exit 2, contract §6), naming the allowed
 * values and the closest, as the API's 422s do (closest.ts).
 */
function oneOf<T extends string>(what: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const near = closest(value, allowed);
  throw new UsageError(
    `${what} "${value}" is not one of ${allowed.join(', ')}${near ? `; did you mean "${near}"?` : ''}`,
  );
}

/** An optional option's value, checked by oneOf; undefined when the option is not given. */
const optionOf = <T extends string>(values: Values, name: string, allowed: readonly T[]): T | undefined =>
  values[name] === undefined ? undefined : oneOf(`--${name}`, String(values[name]), allowed);

// The stores' states, for the listing commands' --status (the types are in records.ts; these are their values).
const ACCESS_STATUSES = ['pending', 'approved', 'rejected'] as const satisfies readonly AccessRequestStatus[];
const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const satisfies readonly MailStatus[];

// Sample requests go by the API's state names (contract §9: link_sent), shown by the API's own view; the store
// calls link_sent `sent`, which was the CLI's word too and is still understood.
const STORED_SAMPLE_STATUS = {
  pending_verification: 'pending_verification',
  link_sent: 'sent',
  rejected: 'rejected',
} as const satisfies Record<(typeof SAMPLE_REQUEST_STATUSES)[number], SampleStatus>;

function sampleStatusOf(values: Values): SampleStatus | undefined {
  if (values.status === undefined) return undefined;
  const given = values.status === 'sent' ? 'link_sent' : String(values.status);
  return STORED_SAMPLE_STATUS[oneOf('--status', given, SAMPLE_REQUEST_STATUSES)];
}

const sampleShown = (sample: SampleRequestRecord, config: Config) => ({
  ...sample,
  status: sampleView(sample, config.sampleLinkTtlSeconds).status,
});

const publicKey = ({ hash: _hash, ...key }: ApiKeyRecord) => key;

const REQUEST_COLUMNS = ['id', 'org_id', 'status', 'data_types', 'created_at', 'reply_due_at', 'replied_at'];

const COMMANDS: Record<string, Command> = {
  'org create': {
    usage: 'org create --name NAME',
    summary: 'a lab organisation',
    options: { name: { type: 'string' } },
    run: async ({ store, values, now }) =>
      orgShown(await store.transact((tx) => createOrg(tx, str(values, 'name'), now))),
  },
  'org list': {
    usage: 'org list',
    summary: 'every organisation with its NDA state',
    columns: ['id', 'name', 'nda.state', 'created_at'],
    run: async ({ store }) => (await store.orgs()).map(orgShown),
  },
  'account add': {
    usage: `account add --org ORG --email EMAIL [--name NAME] [--verified] [--role ${ROLES.join('|')}]`,
    summary:
      'a contact of the lab (samples and acknowledgements go to this address); an admin unless --role member',
    options: {
      org: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      verified: { type: 'boolean' },
      role: { type: 'string' },
    },
    run: ({ store, values, now }) => {
      const role = optionOf(values, 'role', ROLES) ?? 'admin';
      return store.transact((tx) =>
        addAccount(
          tx,
          {
            orgId: str(values, 'org'),
            email: str(values, 'email'),
            name: values.name as string | undefined,
            verified: values.verified === true,
            role,
          },
          now,
        ),
      );
    },
  },
  'account list': {
    usage: 'account list --org ORG',
    summary: "the organisation's accounts, with role and verification",
    columns: ['id', 'email', 'name', 'role', 'verified_at', 'removed_at'],
    options: { org: { type: 'string' } },
    run: async ({ store, values }) => {
      const org = await requireOrg(store, str(values, 'org'));
      return (await store.accountsOf(org.id)).map((account) => ({ ...account, role: roleOf(account) }));
    },
  },
  'access list': {
    usage: `access list [--status ${ACCESS_STATUSES.join('|')}]`,
    summary: 'access requests from /access/ and the API, newest first',
    columns: ['id', 'status', 'organisation', 'email', 'created_at'],
    options: { status: { type: 'string' } },
    run: ({ store, values }) => store.accessRequests({ status: optionOf(values, 'status', ACCESS_STATUSES) }),
  },
  'access approve': {
    usage: 'access approve ACCESS_REQUEST_ID [--org ORG]',
    summary:
      'creates the organisation (or joins --org) and a verified admin account, and mails a sign-in link',
    args: ['ACCESS_REQUEST_ID'],
    options: { org: { type: 'string' } },
    run: async ({ store, args, values, now, config, deliver }) => {
      const orgId = values.org as string | undefined;
      const approved = await store.transact((tx) =>
        approveAccessRequest(tx, args[0]!, orgId, config.siteUrl, now),
      );
      await deliver();
      return approved;
    },
  },
  'access reject': {
    usage: 'access reject ACCESS_REQUEST_ID --reason REASON',
    summary: 'refuses an access request and mails the reason',
    args: ['ACCESS_REQUEST_ID'],
    options: { reason: { type: 'string' } },
    run: async ({ store, args, values, now, deliver }) => {
      const rejected = await store.transact((tx) =>
        rejectAccessRequest(tx, args[0]!, str(values, 'reason'), now),
      );
      await deliver();
      return rejected;
    },
  },
  'account verify': {
    usage: 'account verify ACCOUNT_ID',
    summary: 'marks the account verified',
    args: ['ACCOUNT_ID'],
    run: async ({ store, args, now, runtime, deliver }) => {
      const account = await store.transact((tx) => verifyAccount(tx, args[0]!, now));
      return { ...account, links_sent: await sendDue(await runtime(), deliver) };
    },
  },
  'key issue': {
    usage: 'key issue --account ACCOUNT_ID',
    summary: "a key for the account's organisation; the key is shown only here, once",
    options: { account: { type: 'string' } },
    run: async ({ store, values, now }) => {
      const { record, key } = await store.transact((tx) => issueKey(tx, str(values, 'account'), now));
      return { ...publicKey(record), key };
    },
    human: (result: { id: string; key: string; org_id: string }) =>
      `Key ${result.id} for ${result.org_id}:\n\n  ${result.key}\n\nGive it to the lab now: it is stored only as a hash and cannot be shown again.`,
  },
  'key list': {
    usage: 'key list --org ORG',
    summary: "the organisation's keys (never the key itself)",
    columns: ['id', 'prefix', 'name', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'],
    options: { org: { type: 'string' } },
    run: async ({ store, values }) => {
      const org = await requireOrg(store, str(values, 'org'));
      return (await store.keysOf(org.id)).map(publicKey);
    },
  },
  'key revoke': {
    usage: 'key revoke KEY_ID',
    summary: 'revokes the key at once',
    args: ['KEY_ID'],
    run: async ({ store, args, now }) =>
      publicKey(await store.transact((tx) => revokeKey(tx, args[0]!, now))),
  },
  'key rotate': {
    usage: 'key rotate KEY_ID',
    summary: 'issues a successor and revokes the old key',
    args: ['KEY_ID'],
    run: async ({ store, args, now }) => {
      const { record, key, revoked } = await store.transact((tx) => rotateKey(tx, args[0]!, now));
      return { ...publicKey(record), key, revoked: revoked.id };
    },
    human: (result: { id: string; key: string; revoked: string }) =>
      `Key ${result.id} replaces ${result.revoked} (revoked now):\n\n  ${result.key}\n\nShown once: it is stored only as a hash.`,
  },
  'nda accept': {
    usage: 'nda accept --org ORG [--verified]',
    summary: 'records that the organisation accepted the NDA (--verified: and that it was checked)',
    options: { org: { type: 'string' }, verified: { type: 'boolean' } },
    run: async ({ store, values, now }) =>
      orgShown(
        await store.transact((tx) => acceptNda(tx, str(values, 'org'), values.verified === true, now)),
      ),
  },
  'nda verify': {
    usage: 'nda verify --org ORG',
    summary: "marks the organisation's NDA acceptance verified",
    options: { org: { type: 'string' } },
    run: async ({ store, values, now, runtime, deliver }) => {
      const org = await store.transact((tx) => verifyNda(tx, str(values, 'org'), now));
      return { ...orgShown(org), links_sent: await sendDue(await runtime(), deliver) };
    },
  },
  'nda revoke': {
    usage: 'nda revoke --org ORG',
    summary: 'withdraws NDA access (NDA fields and sample links stop at once)',
    options: { org: { type: 'string' } },
    run: async ({ store, values, now }) =>
      orgShown(await store.transact((tx) => revokeNda(tx, str(values, 'org'), now))),
  },
  'requests list': {
    usage: `requests list [--status ${REQUEST_STATUSES.join('|')}]`,
    summary: 'stored data requests, newest first (at most 1,000)',
    columns: REQUEST_COLUMNS,
    options: { status: { type: 'string' } },
    run: async ({ store, values }) =>
      (await store.requests({ status: optionOf(values, 'status', REQUEST_STATUSES), limit: 1000 })).items,
  },
  'requests show': {
    usage: 'requests show REQUEST_ID',
    summary: 'one data request, whole: its events and its matches in the catalogue',
    args: ['REQUEST_ID'],
    run: async ({ store, args }) => {
      const request = await store.requestById(args[0]!);
      if (!request) throw new RefusedError(`No data request ${args[0]}: "ops requests list" shows them.`);
      return { ...request, ...ranges(request), events: eventsOf(request), matches: request.matches ?? [] };
    },
  },
  'requests overdue': {
    usage: 'requests overdue',
    summary: 'past their reply-due time with no reply recorded',
    columns: REQUEST_COLUMNS,
    run: ({ store, now }) => store.overdueRequests(now),
  },
  'requests reply': {
    usage: 'requests reply REQUEST_ID --message TEXT',
    summary: "records the sourcing lead's reply and mails it to the lab (received moves to in_review)",
    args: ['REQUEST_ID'],
    options: { message: { type: 'string' } },
    run: async ({ store, args, values, now, deliver, config }) => {
      const text = str(values, 'message');
      const replied = await store.transact((tx) => replyToRequest(tx, args[0]!, text, now, config));
      await deliver();
      return replied;
    },
  },
  'requests move': {
    usage: `requests move REQUEST_ID ${REQUEST_STATUSES.slice(1).join('|')} [--outcome ${REQUEST_OUTCOMES.join('|')}] [--message TEXT]`,
    summary: "moves a request forward (never back) and mails the lab's contact; closed needs --outcome",
    args: ['REQUEST_ID', 'STATUS'],
    options: { outcome: { type: 'string' }, message: { type: 'string' } },
    run: async ({ store, args, values, now, deliver, config }) => {
      const status = oneOf('STATUS', args[1]!, REQUEST_STATUSES);
      const outcome = optionOf(values, 'outcome', REQUEST_OUTCOMES) ?? null;
      const message = (values.message as string | undefined) ?? null;
      const moved = await store.transact((tx) =>
        moveRequest(tx, args[0]!, { status, outcome, message }, now, config),
      );
      await deliver();
      return moved;
    },
  },
  'samples list': {
    usage: `samples list [--status ${SAMPLE_REQUEST_STATUSES.join('|')}]`,
    summary: 'sample requests, newest first',
    columns: ['id', 'org_id', 'listing_id', 'status', 'created_at'],
    options: { status: { type: 'string' } },
    run: async ({ store, values, config }) =>
      (await store.samples({ status: sampleStatusOf(values) })).map((sample) => sampleShown(sample, config)),
  },
  'samples approve': {
    usage: 'samples approve SAMPLE_ID',
    summary: "approves a sample request: its link is mailed to the lab's contact now",
    args: ['SAMPLE_ID'],
    run: async ({ store, args, now, config, runtime, deliver }) => {
      await store.transact((tx) => approveSample(tx, args[0]!, now));
      const linksSent = await sendDue(await runtime(), deliver);
      return { ...sampleShown(await requireSample(store, args[0]!), config), links_sent: linksSent };
    },
  },
  'samples reject': {
    usage: 'samples reject SAMPLE_ID --reason REASON',
    summary: 'refuses a sample request and tells the lab why',
    args: ['SAMPLE_ID'],
    options: { reason: { type: 'string' } },
    run: async ({ store, args, values, now, config, runtime, deliver }) => {
      const { catalog } = await runtime();
      const title = (listingId: string) => catalog.find(listingId)?.title ?? listingId;
      const reason = str(values, 'reason');
      const rejected = await store.transact((tx) => rejectSample(tx, args[0]!, reason, title, now));
      await deliver();
      return sampleShown(rejected, config);
    },
  },
  'demand list': {
    usage: 'demand list',
    summary: 'the public demand board as it stands, newest first',
    columns: ['id', 'request_id', 'data_types', 'posted_on'],
    run: async ({ store }) => (await store.demandPosts()).items,
  },
  'demand remove': {
    usage: 'demand remove POST_ID',
    summary: 'takes a post off the public board',
    args: ['POST_ID'],
    run: ({ store, args, now }) => store.transact((tx) => removeDemandPost(tx, args[0]!, now)),
  },
  'listing status': {
    usage: `listing status LISTING_ID ${LISTING_STATUSES.join('|')}`,
    summary: 'moves a listing forward in its content file (rebuild to republish the pages)',
    args: ['LISTING_ID', 'STATUS'],
    run: ({ config, args }) =>
      moveListingStatus(config.listingsDir, args[0]!, oneOf('STATUS', args[1]!, LISTING_STATUSES)),
  },
  'mail list': {
    usage: `mail list [--status ${MAIL_STATUSES.join('|')}]`,
    summary: 'the mail queue, newest first',
    columns: ['id', 'status', 'to', 'subject', 'attempts', 'created_at'],
    options: { status: { type: 'string' } },
    run: ({ store, values }) => store.mailList({ status: optionOf(values, 'status', MAIL_STATUSES) }),
  },
  'db migrate': {
    usage: 'db migrate',
    summary: 'creates or updates the PostgreSQL schema (DATABASE_URL); the server also does it at start',
    run: async ({ store, config }) => {
      if (!config.databaseUrl)
        throw new RefusedError('DATABASE_URL is not set: the JSON store in DATA_DIR needs no migration.');
      return { store: store.location, schema: 'up to date' };
    },
  },
  'store copy': {
    usage: 'store copy --to postgres://…',
    summary: 'copies this store (DATA_DIR) into an empty PostgreSQL database, checked by counts and a sample',
    options: { to: { type: 'string' } },
    run: async ({ store, values, config }) => {
      const target = str(values, 'to');
      if (!/^postgres(ql)?:\/\//.test(target))
        throw new UsageError('--to takes a PostgreSQL URL: postgres://…');
      // With DATABASE_URL set, "this store" is that database: the JSON store would be left behind, unsaid.
      if (config.databaseUrl)
        throw new UsageError(
          `store copy copies the JSON store in DATA_DIR, but DATABASE_URL is set (${store.location}): ` +
            'unset it here; the database to copy into is --to.',
        );
      const rewrites = { webhooks: await resealWebhookSecrets(store, config) };
      const to = await openStore({ dataDir: 'unused', databaseUrl: target }, '--to');
      try {
        return { from: store.location, to: to.location, copied: await copyStore(store, to, rewrites) };
      } finally {
        await to.close();
      }
    },
  },
  'webhooks list': {
    usage: 'webhooks list --org ORG',
    summary: "the organisation's webhook endpoints, each with its five latest deliveries",
    columns: ['id', 'url', 'events', 'created_at'],
    options: { org: { type: 'string' } },
    run: async ({ store, values }) => {
      const org = await requireOrg(store, str(values, 'org'));
      return Promise.all(
        (await store.webhooksOf(org.id)).map(async (endpoint) => ({
          ...endpointView(endpoint),
          deliveries: (await store.deliveries({ endpointId: endpoint.id, limit: 5 })).items.map(deliveryView),
        })),
      );
    },
  },
  'audit list': {
    usage: 'audit list [--org ORG]',
    summary: 'NDA-field disclosures and sample downloads, newest first',
    columns: ['at', 'kind', 'org_id', 'listing_id', 'key_id'],
    options: { org: { type: 'string' } },
    run: async ({ store, values }) => {
      // A mistyped --org is said, as every other --org command says it, not answered with an empty list.
      if (values.org !== undefined) await requireOrg(store, str(values, 'org'));
      return store.auditLog({ orgId: values.org as string | undefined });
    },
  },
};

/** An organisation as the API shows its NDA (a revoked one is "revoked", not the store's "none"). */
const orgShown = (org: Org) => ({ ...org, nda: ndaView(org) });

/**
 * Webhook secrets are sealed under the store's link secret, and PostgreSQL runs with LINK_SECRET (the generated
 * DATA_DIR/link-secret is 32 raw bytes, which no variable can hold): without sealing them again under it, every
 * endpoint copied would fail to sign ("was LINK_SECRET changed?"). The source's key is the generated file's or
 * LINK_SECRET's, whichever opens each secret.
 */
async function resealWebhookSecrets(store: Store, config: Config) {
  const endpoints = await store.allRecords('webhooks');
  if (endpoints.length === 0) return undefined;
  if (!config.linkSecret)
    throw new RefusedError(
      `${endpoints.length} webhook endpoints have secrets sealed under this store's link secret: ` +
        'set LINK_SECRET here to the one the PostgreSQL instances will share (32+ characters), ' +
        'and they are sealed under it.',
    );
  const given = new TextEncoder().encode(config.linkSecret);
  const target = createSecretBox(given);
  const generated = await readFile(generatedLinkSecretPath(config.dataDir)).catch(() => undefined);
  const sources = [generated, given].flatMap((secret) => (secret ? [createSecretBox(secret)] : []));
  return (endpoint: WebhookEndpointRecord): WebhookEndpointRecord => {
    for (const source of sources) {
      try {
        return { ...endpoint, secret_sealed: target.seal(source.open(endpoint.secret_sealed)) };
      } catch {
        // not sealed under this key: try the next
      }
    }
    return endpoint; // sealed under neither: it could not sign before the copy either
  };
}

/** Queues the sample links that became due, and sends what is queued; what fails stays queued. */
async function sendDue(runtime: Runtime, deliver: () => Promise<void>): Promise<number> {
  const sent = await runtime.fulfil();
  await deliver();
  return sent;
}

function usage(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  return [
    'Usage: npm run --silent ops -- <noun> <verb> [args] [--json]',
    '',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    'Every command takes --json (exactly one JSON value on stdout: every field) and --help; a listing prints a',
    'table of its main columns without --json.',
  ].join('\n');
}

/**
 * Bad usage of the command words, said first (contract §6: "says which"), then a noun's own verbs or where the
 * list is: the whole list before hid the mistake under thirty lines.
 */
function unknownCommand([noun = '', verb]: string[]): string {
  const ofNoun = Object.values(COMMANDS).filter((c) => c.usage.startsWith(`${noun} `));
  const verbs = ofNoun.map((c) => `  ops ${c.usage}`);
  if (verb === undefined && ofNoun.length > 0)
    return [
      `ops ${noun} needs one of: ${ofNoun.map((c) => c.usage.split(' ')[1]).join(', ')}`,
      ...verbs,
    ].join('\n');
  const given = [noun, verb].filter(Boolean).join(' ');
  if (!given) return 'No command given: npm run --silent ops -- --help lists every command.';
  const near = closest(given, Object.keys(COMMANDS));
  return [
    `Unknown command "${given}"${near ? `; did you mean "${near}"?` : ''}`,
    ...(verbs.length > 0 ? verbs : ['npm run --silent ops -- --help lists every command.']),
  ].join('\n');
}

/** A listing for people: a header, then one line per record, each cell cut at 60 characters. */
function table(rows: unknown[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cell = (row: unknown, column: string): string => {
    const value = column
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | null | undefined)?.[key], row);
    const text =
      value === null || value === undefined
        ? '-'
        : Array.isArray(value)
          ? value.join(',') || '-'
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
    const line = text.replace(/\s+/g, ' ');
    return line.length > 60 ? `${line.slice(0, 59)}…` : line;
  };
  const lines = [columns, ...rows.map((row) => columns.map((column) => cell(row, column)))];
  const widths = columns.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  return lines
    .map((line) =>
      line
        .map((text, i) => text.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** For people: records as `key: value` blocks, lists as blocks separated by a blank line. */
function humanize(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(humanize).join('\n\n');
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(
        ([key, field]) =>
          `${key}: ${field && typeof field === 'object' ? JSON.stringify(field) : String(field)}`,
      )
      .join('\n');
  }
  return String(value);
}

/** Where a run reads its environment and writes: the process's own, or a test's that runs the CLI in process. */
export type CliIo = Pick<NodeJS.Process, 'env'> & {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
};

export async function main(argv: string[], io: CliIo = process): Promise<number> {
  const [noun, verb, ...rest] = argv;
  const command = noun && verb ? COMMANDS[`${noun} ${verb}`] : undefined;
  if (!command) {
    const help = argv.length === 0 || argv.includes('--help') || argv.includes('-h');
    if (help) io.stdout.write(`${usage()}\n`);
    else io.stderr.write(`${unknownCommand(argv.filter((word) => !word.startsWith('-')))}\n`);
    return help ? 0 : 2;
  }
  let values: Values;
  let args: string[];
  try {
    ({ values, positionals: args } = parseArgs({
      args: rest,
      options: { ...command.options, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }));
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\nUsage: ops ${command.usage}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(`Usage: ops ${command.usage}\n\n${command.summary}\n`);
    return 0;
  }
  if (args.length !== (command.args?.length ?? 0)) {
    io.stderr.write(`Expected ${command.args?.join(' ') || 'no arguments'}.\nUsage: ops ${command.usage}\n`);
    return 2;
  }
  const loaded = loadConfig(io.env);
  const links = await siteUrlForCli(loaded, io.env);
  const config = { ...loaded, siteUrl: links.siteUrl };
  const store = await openStore(config);
  io.stderr.write(`store: ${store.location}\n`);
  if (links.note) io.stderr.write(`${links.note}\n`);
  const delivery = await deliveryForCli(config);
  let built: Promise<Runtime> | undefined;
  const runtime = () => (built ??= openRuntime(config, silentLog, store));
  const deliver = async () => {
    if (delivery.send) return (await runtime()).background.run();
    io.stderr.write(`${delivery.note}\n`);
  };
  try {
    const result = await command.run({ store, config, now: new Date(), values, args, runtime, deliver });
    if (built) await (await built).close();
    else await store.close();
    const text = values.json
      ? JSON.stringify(result, null, 2)
      : command.human
        ? command.human(result as never)
        : command.columns && Array.isArray(result)
          ? table(result, command.columns)
          : humanize(result);
    io.stdout.write(`${text}\n`);
    return 0;
  } catch (error) {
    await store.close();
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\nUsage: ops ${command.usage}\n`);
      return 2;
    }
    if (error instanceof RefusedError) {
      io.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (import.meta.main) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    // Configuration and store problems are one line for the operator, not a stack trace.
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
