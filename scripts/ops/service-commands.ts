// The service itself: the mail queue, the store (migrate, copy), webhooks and the audit log (contract §6, §10, §11).
import { readFile } from 'node:fs/promises';
import { type Config } from '../../api/config.ts';
import { withOrgNames } from '../../api/domain/labs/org-lookup.ts';
import { generatedLinkSecretPath } from '../../api/domain/samples/links.ts';
import { createSecretBox } from '../../api/domain/webhooks/secrets.ts';
import { deliveryView, endpointView } from '../../api/domain/webhooks/views.ts';
import { conflict } from '../../api/errors.ts';
import { copyStore } from '../../api/store/copy-store.ts';
import { openStore } from '../../api/store/open-store.ts';
import type { WebhookEndpointRecord } from '../../api/store/records.ts';
import type { Store } from '../../api/store/store.ts';
import { type Command, UsageError, str, optionOf, orgOption, MAIL_STATUSES } from './command.ts';

export const SERVICE_COMMANDS: Record<string, Command> = {
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
        throw conflict('DATABASE_URL is not set: the JSON store in DATA_DIR needs no migration.');
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
    columns: ['id', 'url', 'status', 'events', 'created_at'],
    options: { org: { type: 'string' } },
    run: async ({ store, values }) => {
      const org = await orgOption(store, values);
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
    summary:
      "NDA-field disclosures, sample downloads and the sourcing team's steps (desk and requests), newest first",
    columns: ['at', 'kind', 'org_id', 'org_name', 'listing_id', 'request_id', 'by', 'ip', 'staff_id'],
    options: { org: { type: 'string' } },
    run: async ({ store, values }) => {
      // A mistyped --org is said, as every other --org command says it, not answered with an empty list.
      const org = values.org === undefined ? undefined : await orgOption(store, values);
      const entries = await withOrgNames(store, await store.auditLog({ orgId: org?.id }));
      // Who, as a person reads it: the account's address (the account a link went to, or the one signed in), else the key.
      const emails = new Map<string, string>();
      for (const orgId of new Set(entries.map((e) => e.org_id)))
        for (const account of await store.accountsOf(orgId)) emails.set(account.id, account.email);
      return entries.map((entry) => ({
        ...entry,
        by: (entry.account_id && emails.get(entry.account_id)) || entry.key_id || '',
        ip: entry.ip ?? '',
      }));
    },
  },
};

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
    throw conflict(
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
