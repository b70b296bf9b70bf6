// Every answer the API gives is in /openapi.json (issue 41, item 18): a generated client or a validating proxy
// (Prism in --errors mode) treats an undocumented status or header as a broken server. This walks every operation
// of the served document and provokes what a client runs into: no key, a bad key, another scheme, a key where a
// session is needed and the other way round, a member where an admin is, a session from another site, a form from
// another site and from the site, the wrong content type, bad JSON, too large, an unknown field or query parameter,
// an id that is not there, the same step twice (conflict), a spent rate limit. Each status answered must be
// documented for that operation, with each header it carries (RateLimit, Retry-After, Location, CORS, …).
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { operationsOfDocument, probesFor, run, undocumentedIn } from '../support/openapi-probes.ts';
import {
  adminId,
  closeWalk,
  concrete,
  document,
  idFor,
  openWalk,
  send,
  server,
  sessionCookie,
} from '../support/openapi-walk.ts';
import { canMakeReadOnly, makeReadOnly, makeWritable } from '../support/read-only.ts';
import { testingPostgres } from '../support/store-env.ts';

beforeAll(openWalk);
afterAll(closeWalk);

test('every status and header an operation answers is documented for it', async () => {
  const undocumented: string[] = [];
  const succeeded = new Set<string>();
  let answered = 0;
  for (const { method, path, operation } of operationsOfDocument()) {
    for (const probe of probesFor(method, path, operation)) {
      for (const answer of await run(method, path, probe)) {
        answered++;
        if (answer.status < 400) succeeded.add(`${method} ${path}`);
        undocumented.push(
          ...undocumentedIn(operation, answer, `${method} ${path}, ${probe.what}: ${answer.status}`),
        );
      }
    }
  }
  expect(undocumented).toEqual([]);
  // The walk reached each handler, not only the pipeline's refusals.
  const names = operationsOfDocument().map(({ method, path }) => `${method} ${path}`);
  expect(names.filter((name) => !succeeded.has(name))).toEqual([]);
  expect(answered).toBeGreaterThan(names.length * 10);
}, 120_000);

// The JSON store's folder made read-only: what PostgreSQL going away does to writes, without stopping a server the
// other files share (test/http/postgres-outage.test.ts stops one of its own).
test.skipIf(testingPostgres() || !canMakeReadOnly)(
  'while the store cannot write, each operation still answers only what it documents (503 with Retry-After)',
  async () => {
    const steps = [];
    for (const { method, path, operation } of operationsOfDocument()) {
      const [probe] = probesFor(method, path, operation);
      // Everything a step needs is made before the store turns read-only.
      const id = path.includes('{id}') ? await idFor(path, false) : '';
      steps.push({
        method,
        path,
        operation,
        probe: { ...probe!, twice: false, id },
        cookie: await sessionCookie(adminId),
      });
    }
    const db = join(server.dataDir, 'db');
    const undocumented: string[] = [];
    const unavailable: string[] = [];
    makeReadOnly(db);
    try {
      for (const { method, path, operation, probe, cookie } of steps) {
        const [answer] = await run(method, path, { ...probe, cookie });
        if (answer!.status === 503) unavailable.push(`${method} ${path}`);
        undocumented.push(
          ...undocumentedIn(operation, answer!, `${method} ${path}, read-only: ${answer!.status}`),
        );
      }
    } finally {
      makeWritable(db);
    }
    expect(undocumented).toEqual([]);
    // The writes met it (not a walk that never reached the store).
    expect(unavailable).toContain('POST /api/v1/requests');
    expect(unavailable).toContain('DELETE /api/v1/keys/{id}');
  },
  60_000,
);

test('an empty path segment is 404 not_found on every operation with an id, never 405', async () => {
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.includes('{id}')) continue;
    for (const method of Object.keys(methods)) {
      const response = await send(method.toUpperCase(), concrete(path, ''), 'key');
      const body = await response.json();
      expect([response.status, body.error?.code], `${method} ${path}`).toEqual([404, 'not_found']);
      expect(methods[method]!.responses['404'], `${method} ${path}`).toBeDefined();
    }
  }
});
