// The data-request tests' shared start (test/http/request-lifecycle*.test.ts): the service in process with a real
// SMTP server on loopback and the sourcing lead's address, two labs, and the calls a lab and the operator make.
// Read `state` in tests and hooks (it is filled once the labs are made).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Json } from './api-client.ts';
import { requireBuild } from './dist.ts';
import { makeLab, type Lab } from './lab.ts';
import { ops } from './ops.ts';
import { startApp, type InProcessServer } from './app.ts';
import { startSmtp, type Received } from './smtp.ts';

export const LEAD = 'lead@sourcing.example';

export function requestJourney() {
  const state = {} as {
    server: InProcessServer;
    mail: Awaited<ReturnType<typeof startSmtp>>;
    lab: Lab;
    other: Lab;
  };

  /** The operator's environment: the server's store and mail server, as the runbook has it. */
  const env = () => ({ DATA_DIR: state.server.dataDir, SMTP_URL: state.mail.url, SOURCING_LEAD_EMAIL: LEAD });
  const opsRun = (...args: string[]) => ops(env(), ...args);

  async function call(path: string, options: { method?: string; key?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = {};
    if (options.key) headers.Authorization = `Bearer ${options.key}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(state.server.url + path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Json };
  }

  /** A data request submitted with `key`: its id. */
  const submitted = async (key: string, body: Json): Promise<string> =>
    (await call('/api/v1/requests', { method: 'POST', key, body })).body.data.id;

  /** Mail to `address` whose subject contains `subject`: waits for it (the queue sends within a second or two). */
  async function mailTo(address: string, subject: string): Promise<Received> {
    const until = Date.now() + 20_000;
    for (;;) {
      const found = state.mail.received.find(
        (r) => r.envelopeTo.includes(address) && (r.mail.subject ?? '').includes(subject),
      );
      if (found) return found;
      if (Date.now() > until) {
        const seen = state.mail.received.map((r) => `${r.envelopeTo} ${r.mail.subject}`).join('\n');
        throw new Error(`no mail to ${address} about "${subject}"; received:\n${seen}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    requireBuild();
    state.mail = await startSmtp();
    state.server = await startApp({
      SMTP_URL: state.mail.url,
      SOURCING_LEAD_EMAIL: LEAD,
      SITE_URL: 'http://dss.example',
      RATE_LIMIT_KEY_PER_MINUTE: '100000',
    });
    [state.lab, state.other] = await Promise.all([
      makeLab(env(), `lifecycle lab ${randomUUID().slice(0, 8)}`),
      makeLab(env(), 'other lab'),
    ]);
  });
  afterAll(async () => {
    await state.server?.stop();
    await state.mail?.close();
  });

  return { state, env, opsRun, call, submitted, mailTo };
}
