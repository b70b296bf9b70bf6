import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../api/config.ts';
import { clientIp } from '../../api/server/client-ip.ts';

/** The ConfigError message for one bad variable ('' if it was not refused, which the caller's match then fails). */
function refusal(name: string, value: string): string {
  try {
    loadConfig({ [name]: value });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return '';
}

test('every variable has a working default (contract §2)', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    host: '127.0.0.1',
    port: 4321,
    smtpUrl: undefined,
    mailFrom: 'data@localhost',
    sourcingLeadEmail: 'sourcing@localhost',
    rateLimitPublicPerMinute: 60,
    rateLimitKeyPerMinute: 120,
    trustProxy: false,
    sampleLinkTtlSeconds: 259200,
    linkSecret: undefined,
    maxBodyBytes: 65536,
    webhookAllowPrivate: false,
    webhookRetrySeconds: [5, 300, 1800, 7200, 18000, 36000],
  });
  expect(config.siteUrl.href).toBe('http://localhost:4321/');
  expect(config.dataDir).toMatch(/\/data$/);
  expect(config.samplesDir).toMatch(/\/content\/samples$/);
});

test('values are parsed and empty ones count as unset', () => {
  const config = loadConfig({
    PORT: '8080',
    TRUST_PROXY: 'true',
    RATE_LIMIT_KEY_PER_MINUTE: '5',
    SMTP_URL: '',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_SECONDS: '0.5, 10,60',
  });
  expect(config).toMatchObject({
    port: 8080,
    trustProxy: true,
    rateLimitKeyPerMinute: 5,
    smtpUrl: undefined,
    webhookAllowPrivate: true,
    webhookRetrySeconds: [0.5, 10, 60],
  });
});

test.each([
  ['PORT', 'eighty'],
  ['PORT', '70000'],
  ['PORT', '-1'],
  ['SITE_URL', 'localhost:4321'],
  ['SITE_URL', 'ftp://example.com'],
  ['MAIL_FROM', 'not-an-address'],
  ['SOURCING_LEAD_EMAIL', 'lead@'],
  ['RATE_LIMIT_PUBLIC_PER_MINUTE', '0'],
  ['RATE_LIMIT_KEY_PER_MINUTE', 'lots'],
  ['TRUST_PROXY', 'maybe'],
  ['SAMPLE_LINK_TTL_SECONDS', '1.5'],
  ['MAX_BODY_BYTES', '64k'],
  ['WEBHOOK_ALLOW_PRIVATE', 'yes please'],
  ['WEBHOOK_RETRY_SECONDS', '5 minutes'],
  ['WEBHOOK_RETRY_SECONDS', '5,,300'],
  ['WEBHOOK_RETRY_SECONDS', '0,5'],
])('%s=%s is refused with one line naming it', (name, value) => {
  const message = refusal(name, value);
  expect(message.split('\n')).toHaveLength(1);
  expect(message).toMatch(
    new RegExp(`^Invalid ${name}=${JSON.stringify(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: expects `),
  );
});

// Start-up lines end up in logs: a secret's variable is named, its value never shown (not even in part).
test.each([
  ['SMTP_URL', 'mail.example.com:587'],
  ['SMTP_URL', 'http://mailer:Pa55w0rd-s3cret@mail.example.com'],
  ['SMTP_URL', 'smtp://mailer:Pa55w0rd-s3cret@mail.example.com:notaport'],
  ['LINK_SECRET', 'too-short-s3cret'],
  ['REDIS_URL', 'http://:Pa55w0rd-s3cret@cache.example:6379'],
])('%s=%s is refused naming the variable, never echoing its value', (name, value) => {
  const message = refusal(name, value);
  expect(message.split('\n')).toHaveLength(1);
  expect(message).toMatch(new RegExp(`^Invalid ${name} \\(value not shown\\): expects `));
  expect(message).not.toContain(value);
  expect(message).not.toContain('s3cret');
});

test.each([
  ['127.0.0.1', undefined, false, '127.0.0.1'],
  ['::ffff:127.0.0.1', undefined, false, '127.0.0.1'],
  ['::1', undefined, false, '::1'],
  ['10.0.0.2', '203.0.113.7', false, '10.0.0.2'],
  ['10.0.0.2', '203.0.113.7', true, '203.0.113.7'],
  ['10.0.0.2', '6.6.6.6, 203.0.113.7', true, '203.0.113.7'],
  ['10.0.0.2', ['6.6.6.6', '203.0.113.8'], true, '203.0.113.8'],
  ['10.0.0.2', ' ', true, '10.0.0.2'],
])('socket %s, X-Forwarded-For %j, trust %s → %s', (socket, forwarded, trust, expected) => {
  expect(clientIp(socket, forwarded, trust)).toBe(expected);
});
