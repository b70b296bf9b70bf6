// What the server keeps in DATA_DIR for the operator CLI, so that a CLI run from another shell acts as the server
// would: where links point (SITE_URL), and how mail and webhooks go out.
//
// Links the CLI mails (an approval's sign-in link, a sample link once an NDA is verified) must point where the
// server is, even from a shell where SITE_URL is not set: before, they pointed at the default,
// http://localhost:4321, and the lab's first link was dead. And a CLI without the server's SMTP_URL wrote the lab's
// mail to the outbox and marked it sent: the lab never got it.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from './config.ts';
import { describeTransport } from './domain/mail/transport.ts';

const SITE_URL_FILE = 'site-url';
const DELIVERY_FILE = 'delivery';

/** At server start: what links point at and how deliveries go out, for the CLI to read. */
export async function recordForCli(config: Config): Promise<void> {
  await record(config, SITE_URL_FILE, config.siteUrl.href);
  await record(config, DELIVERY_FILE, deliveryOf(config));
}

const recorded = async (config: Config, file: string) =>
  (await readFile(join(config.dataDir, file), 'utf8').catch(() => undefined))?.trim();

async function record(config: Config, file: string, value: string): Promise<void> {
  if ((await recorded(config, file)) === value) return;
  try {
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    await writeFile(join(config.dataDir, file), `${value}\n`);
  } catch {
    // a DATA_DIR the server cannot write (PostgreSQL deployments need none): the CLI uses its own settings
  }
}

/**
 * The CLI's SITE_URL: its own when set, else the one the server recorded; and a line for the operator when the
 * two differ or the recorded one is used.
 */
export async function siteUrlForCli(
  config: Config,
  env: NodeJS.ProcessEnv,
): Promise<{ siteUrl: URL; note?: string }> {
  const text = await recorded(config, SITE_URL_FILE);
  const serverUrl = text && URL.canParse(text) ? new URL(text) : undefined;
  if (!serverUrl || serverUrl.href === config.siteUrl.href) return { siteUrl: config.siteUrl };
  if (env.SITE_URL === undefined)
    return { siteUrl: serverUrl, note: `links: ${serverUrl.href} (the server's SITE_URL)` };
  return {
    siteUrl: config.siteUrl,
    note: `links: ${config.siteUrl.href}, from SITE_URL here; the server started with ${serverUrl.href}`,
  };
}

/** How this configuration sends: the mail transport (never a password) and which webhook addresses it posts to. */
const deliveryOf = (config: Config) =>
  `mail: ${describeTransport(config)}; webhooks: ${config.webhookAllowPrivate ? 'private addresses allowed' : 'public addresses only'}`;

/**
 * Whether the CLI sends the mail and webhooks its commands queue: only if it would send them as the server does
 * (or no server has recorded how it does). Otherwise they stay queued for the server, which sends them within a
 * second while it runs, and a line tells the operator why.
 */
export async function deliveryForCli(config: Config): Promise<{ send: boolean; note?: string }> {
  const server = await recorded(config, DELIVERY_FILE);
  const own = deliveryOf(config);
  if (!server || server === own) return { send: true };
  return {
    send: false,
    note: `delivery: left queued for the server (${server}); this shell's settings differ (${own})`,
  };
}
