// When the store cannot take a write: writers get a quick 503 unavailable with Retry-After, never a hang or a 500,
// and /api/v1/health says what they would meet. A lock left by a process killed holding it is taken over at once
// (its holder is recorded in it), not after the lock's stale time.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, startApiServer, VALID_REQUEST, type Reply } from '../support/api-client.ts';
import { childEnv } from '../support/child-env.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { freePort } from '../support/ports.ts';
import { canMakeReadOnly, makeReadOnly, makeWritable } from '../support/read-only.ts';
import type { InProcessServer } from '../support/app.ts';

let server: InProcessServer;
let lab: Lab;
const { call, postRequest } = apiClient(() => server);
const db = () => join(server.dataDir, 'db');

// SITE_URL is the server's own address: the site's forms are only taken from there (their Origin).
let siteUrl: string;
beforeAll(async () => {
  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  server = await startApiServer({ PORT: String(port), SITE_URL: siteUrl });
  lab = await makeLab(server.dataDir, 'store availability lab');
});
afterAll(async () => {
  await server?.stop();
});

const holders: ChildProcess[] = [];
let readOnly = false;
afterEach(async () => {
  if (readOnly) makeWritable(db());
  readOnly = false;
  for (const holder of holders.splice(0)) await kill(holder);
});

/** A process that takes the store's write lock and keeps it until killed. */
async function holdLock(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['test/fixtures/hold-lock.ts', db()], {
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  holders.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** POSTs a data request, with how long the answer took (a hang fails at the test's timeout). */
async function timedPost(): Promise<{ reply: Reply; ms: number }> {
  const started = performance.now();
  const reply = await postRequest(lab.key, VALID_REQUEST);
  return { reply, ms: performance.now() - started };
}

const health = async () => (await call('/api/v1/health')).status;

function expectUnavailable({ reply, ms }: { reply: Reply; ms: number }, within: number) {
  expect(reply.status, reply.text).toBe(503);
  expect(reply.body.error.code).toBe('unavailable');
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(ms).toBeLessThan(within);
}

test('a lock left by a writer killed holding it is taken over at once, not after the 5 s stale time', async () => {
  await kill(await holdLock());
  expect(await health()).toBe(200); // the next writer takes it over: writes work
  const { reply, ms } = await timedPost();
  expect(reply.status, reply.text).toBe(201);
  expect(ms).toBeLessThan(1500);
});

test('a live holder that keeps the lock: 503 unavailable with Retry-After after a short wait; health 503', async () => {
  const holder = await holdLock();
  expectUnavailable(await timedPost(), 4000);
  // The health check's 503 says when to look again, as every 503 does.
  const checked = await call('/api/v1/health');
  expect(checked.status).toBe(503);
  expect(checked.headers.get('retry-after')).toMatch(/^\d+$/);
  await kill(holder);
  expect(await health()).toBe(200);
  expect((await timedPost()).reply.status).toBe(201);
});

describe.skipIf(!canMakeReadOnly)('a store that turns read-only', () => {
  test('while another commit holds the lock: writers get 503 at once, health 503; both recover', async () => {
    const holder = await holdLock();
    makeReadOnly(db());
    readOnly = true;
    expectUnavailable(await timedPost(), 1500);
    expect(await health()).toBe(503);
    makeWritable(db());
    readOnly = false;
    await kill(holder);
    expect((await timedPost()).reply.status).toBe(201);
    expect(await health()).toBe(200);
  });

  test('with no writer holding the lock: 503 at once, never a 500; writes work again once it is writable', async () => {
    makeReadOnly(db());
    readOnly = true;
    expectUnavailable(await timedPost(), 1500);
    expectUnavailable(await timedPost(), 1500);
    expect(await health()).toBe(503);
    makeWritable(db());
    readOnly = false;
    const { reply, ms } = await timedPost();
    expect(reply.status, reply.text).toBe(201);
    expect(ms).toBeLessThan(1500);
    expect(await health()).toBe(200);
    // Nothing refused was stored: the lab's two accepted requests and the two after the kill and the holder.
    const listed = await call('/api/v1/requests', { key: lab.key });
    expect(listed.body.count).toBe(4);
  });

  test('a form posted meanwhile gets the "try again" page, 503 with Retry-After, not a bare 500', async () => {
    makeReadOnly(db());
    readOnly = true;
    const response = await fetch(`${server.url}/access/`, {
      method: 'POST',
      headers: { Origin: siteUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        organisation: 'Read-only Lab',
        name: 'Ada Admin',
        email: 'ada@read-only.example',
        intended_use: 'Evaluating speech recognition on call-centre audio before licensing.',
      }),
    });
    const html = await response.text();
    expect(response.status, html).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toMatch(/<h1>Try again in a moment<\/h1>[\s\S]*Nothing you sent was stored/);
  });
});
