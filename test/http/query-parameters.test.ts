// Contract §9: "An unknown parameter is 422, as on the catalogue", on every endpoint, walked from the route table
// itself so that a new endpoint is covered the day it is added. Against the built server, as a signed-in admin
// (a session acts on every endpoint that acts for a lab).
import { expect, test } from 'vitest';
import { ROUTES } from '../../api/http/routes.ts';
import { expectError } from '../support/api-client.ts';
import { selfServeSuite, sessionCall } from '../support/self-serve.ts';

const suite = selfServeSuite('Query Lab');

// These two check other things first, in an order the contract fixes or a token decides: tested in their own files.
const CHECKED_FIRST = new Set(['POST /api/v1/samples/:id', 'GET /api/v1/samples/:id/download']);

test.each(ROUTES.filter((route) => !CHECKED_FIRST.has(`${route.method} ${route.path}`)))(
  '$method $path refuses an unknown parameter with 422 naming it',
  async ({ method, path }) => {
    const url = `${path.replace(':id', 'us-auto-insurance-claims-calls')}?colour=blue`;
    const reply = await sessionCall(suite.ctx, suite.lab.cookie, url, { method });
    expectError(reply, 422, 'invalid');
    expect(Object.keys(reply.body.error.fields)).toContain('colour');
  },
);

test('signing out takes all=true or all=false, and nothing else', async () => {
  const reply = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/session/logout?all=yes', {
    method: 'POST',
  });
  expectError(reply, 422, 'invalid');
  expect(reply.body.error.fields.all).toEqual([expect.stringContaining('true (every session')]);
  expect((await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/me')).status).toBe(200); // still signed in
});
