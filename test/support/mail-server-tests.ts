// The service with a mail server of the test's choosing, for the mail tests (test/http/mail*.test.ts): each started
// inside a test and stopped after it, with the sourcing lead's address and a SITE_URL links are read against.
import { afterEach } from 'vitest';
import { requireBuild } from './dist.ts';
import { startApp, type InProcessServer } from './app.ts';
import { startSmtp, type Received } from './smtp.ts';

export const LEAD = 'lead@sourcing.example';
/** What a test started, stopped after it, last first (by the afterEach stopAfterEach() adds to the file). */
export const cleanups: (() => Promise<unknown>)[] = [];

export function stopAfterEach(): void {
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
}

export async function serverWith(env: Record<string, string>) {
  requireBuild();
  const server = await startApp({ SOURCING_LEAD_EMAIL: LEAD, SITE_URL: 'http://dss.example', ...env });
  cleanups.push(() => server.stop());
  return server;
}

export async function smtp(port?: number) {
  const mail = await startSmtp(port);
  cleanups.push(() => mail.close());
  return mail;
}

export function postRequest(server: { url: string }, key: string, body: object) {
  return fetch(`${server.url}/api/v1/requests`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export const to = (received: Received[], address: string) =>
  received.filter((r) => r.envelopeTo.includes(address));
export const linkIn = (message: Received, server: InProcessServer) =>
  /http:\/\/dss\.example(\/api\/v1\/samples\/\S+)/.exec(message.mail.text!)![1]!.replace(/^/, server.url);
