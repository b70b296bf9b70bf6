// Configuration from the environment (contract §2), parsed once at start-up. Every variable has a working
// default; a bad value stops start-up with one line that names the variable and what it expects.
import { resolve } from 'node:path';
import { z } from 'zod';
import { normaliseMailbox } from './domain/labs/mailbox.ts';
import { DEFAULT_PORT, defaultSiteUrl } from './site-url.ts';

const positiveInt = (what: string) =>
  z
    .string()
    .regex(/^\d+$/, { error: `expects ${what} (a whole number)` })
    .transform(Number)
    .refine((n) => n > 0 && Number.isSafeInteger(n), { error: `expects ${what} greater than 0` });

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'expects true or false' })
  .transform((value) => value === 'true' || value === '1');

const url = (what: string, protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `expects ${what} (${protocols.map((p) => `${p}//…`).join(' or ')})` },
  );

// The same one-mailbox rule as an account's address: a list here would copy every lead mail to a stranger.
const email = z.string().refine((value) => normaliseMailbox(value) !== undefined, {
  error: 'expects one email address, such as data@example.com',
});

// One line a contract can print: an address written on several lines is joined with commas; other control
// characters are refused, and it is short enough for a certificate's line.
const legalText = z
  .string()
  .transform((value) => value.split(/\s*[\r\n]+\s*/).map((line) => line.trim()).filter(Boolean).join(', '))
  .pipe(
    z
      .string()
      .max(300, { error: 'expects at most 300 characters' })
      .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: 'expects text without control characters' }),
  );

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z
    .string()
    .regex(/^\d+$/, { error: 'expects a port number from 0 to 65535' })
    .transform(Number)
    .refine((n) => n <= 65535, { error: 'expects a port number from 0 to 65535' })
    .default(DEFAULT_PORT),
  DATA_DIR: z.string().min(1).default('./data'),
  // Unset: http://localhost:<PORT> (api/site-url.ts).
  SITE_URL: url('an absolute URL', ['http:', 'https:']).optional(),
  SMTP_URL: url('an SMTP URL such as smtp://user:pass@host:587', ['smtp:', 'smtps:']).optional(),
  MAIL_FROM: email.default('data@localhost'),
  SOURCING_LEAD_EMAIL: email.default('sourcing@localhost'),
  // The sales address the public contact page shows (read when the site is built: the page is static).
  SALES_EMAIL: email.default('sales@localhost'),
  // The NDA's provider party and its law (read at build for /legal/nda/, and by the server): unset, none is named.
  LEGAL_ENTITY: legalText.optional(),
  LEGAL_ADDRESS: legalText.optional(),
  GOVERNING_LAW: legalText.optional(),
  RATE_LIMIT_PUBLIC_PER_MINUTE: positiveInt('requests per minute').default(60),
  RATE_LIMIT_KEY_PER_MINUTE: positiveInt('requests per minute').default(120),
  TRUST_PROXY: flag.default(false),
  SAMPLE_LINK_TTL_SECONDS: positiveInt('seconds').default(259200),
  LINK_SECRET: z.string().min(32, { error: 'expects at least 32 characters of secret' }).optional(),
  SAMPLES_DIR: z.string().min(1).default('./content/samples'),
  CONTENT_DIR: z.string().min(1).default('./content'),
  MAX_BODY_BYTES: positiveInt('bytes').default(65536),
  SAMPLE_REQUESTS_PER_DAY: positiveInt('sample requests per organisation per day').default(20),
  DATA_REQUESTS_PER_HOUR: positiveInt('new data requests per organisation per hour').default(30),
  KEYS_PER_ORG: positiveInt('live API keys per organisation').default(20),
  SESSION_TTL_DAYS: positiveInt('days').default(14),
  REDIS_URL: url('a Redis URL such as redis://host:6379', ['redis:', 'rediss:']).optional(),
  DATABASE_URL: url('a PostgreSQL URL such as postgres://user:pass@host:5432/dss', [
    'postgres:',
    'postgresql:',
  ]).optional(),
  // The hour (UTC) each lead's digest of what waits goes out (contract §13).
  DIGEST_HOUR_UTC: z
    .string()
    .regex(/^\d{1,2}$/, { error: 'expects an hour from 0 to 23 (UTC)' })
    .transform(Number)
    .refine((hour) => hour <= 23, { error: 'expects an hour from 0 to 23 (UTC)' })
    .default(8),
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, {
      error: 'expects seconds between attempts, separated by commas, such as 5,300,1800',
    })
    .transform((value) => value.split(',').map(Number))
    .refine((waits) => waits.every((seconds) => seconds > 0), { error: 'expects every wait above 0 seconds' })
    // Standard Webhooks' schedule: 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h, until 24 h after the event.
    .default([5, 300, 1800, 7200, 18000, 36000]),
});

/** The environment as the code reads it: names in camelCase, paths absolute, URLs parsed. */
const configSchema = envSchema
  .refine((e) => !e.DATABASE_URL || e.LINK_SECRET, {
    path: ['LINK_SECRET'],
    error:
      'must be set when DATABASE_URL is: every instance sharing the database must sign links with the same key',
  })
  .transform((e) => ({
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    siteUrl: e.SITE_URL ? new URL(e.SITE_URL) : defaultSiteUrl(e.PORT),
    /** SITE_URL was unset: with PORT 0 the server sets siteUrl to the port it got. */
    siteUrlDefault: !e.SITE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sourcingLeadEmail: e.SOURCING_LEAD_EMAIL,
    salesEmail: e.SALES_EMAIL,
    legal: {
      entity: e.LEGAL_ENTITY || undefined,
      address: e.LEGAL_ADDRESS || undefined,
      governingLaw: e.GOVERNING_LAW || undefined,
    },
    rateLimitPublicPerMinute: e.RATE_LIMIT_PUBLIC_PER_MINUTE,
    rateLimitKeyPerMinute: e.RATE_LIMIT_KEY_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    sampleLinkTtlSeconds: e.SAMPLE_LINK_TTL_SECONDS,
    linkSecret: e.LINK_SECRET,
    samplesDir: resolve(e.SAMPLES_DIR),
    listingsDir: resolve(e.CONTENT_DIR, 'listings'),
    contentDir: resolve(e.CONTENT_DIR),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    maxBodyBytes: e.MAX_BODY_BYTES,
    sampleRequestsPerDay: e.SAMPLE_REQUESTS_PER_DAY,
    dataRequestsPerHour: e.DATA_REQUESTS_PER_HOUR,
    keysPerOrg: e.KEYS_PER_ORG,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    digestHourUtc: e.DIGEST_HOUR_UTC,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhookRetrySeconds: e.WEBHOOK_RETRY_SECONDS,
  }));

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// Variables whose value can hold a secret (a signing key, a mail, database or Redis password): a bad one is named,
// never echoed, since start-up lines end up in logs and terminals.
const SECRET_VARIABLES = new Set(['LINK_SECRET', 'SMTP_URL', 'DATABASE_URL', 'REDIS_URL']);

/** Parses the environment; throws a ConfigError whose message is one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const value = SECRET_VARIABLES.has(name) ? ' (value not shown)' : `=${JSON.stringify(env[name] ?? '')}`;
      return `Invalid ${name}${value}: ${issue.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  return result.data;
}
