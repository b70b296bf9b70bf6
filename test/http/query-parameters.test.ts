// Contract §9: "An unknown parameter is 422, as on the catalogue", on every endpoint, walked from the route table
// itself so that a new endpoint is covered the day it is added. Against the built server, as a signed-in admin
// (a session acts on every endpoint that acts for a lab).
import { expect, test } from 'vitest';
import { ENDPOINTS } from '../../api/handlers/endpoints.ts';
import { expectError } from '../support/api-client.ts';
import { selfServeSuite, sessionCall } from '../support/self-serve.ts';

const suite = selfServeSuite('Query Lab');

// These two check other things first, in an order the contract fixes or a token decides: tested in their own files.
const CHECKED_FIRST = new Set(['POST /api/v1/samples/:id', 'GET /api/v1/samples/:id/download']);

test.each(ENDPOINTS.filter((route) => !CHECKED_FIRST.has(`${route.method} ${route.path}`)))(
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

// Filter values as people write them, over HTTP (README: catalogue filters): any case and spacing, names of one
// language ICU's English lacks, and an unknown value naming the nearest known one, or none when nothing is near.
test.each([
  ['vertical=Medical_Imaging', 'vertical', 'medical_imaging'],
  ['vertical=medical%20imaging', 'vertical', 'medical_imaging'],
  ['status=LISTED', 'status', 'listed'],
  ['language=Mandarin', 'languages', 'Chinese'],
  ['language=Tagalog', 'languages', 'Filipino'],
])('GET /api/v1/catalog?%s answers the listings whose %s is %s', async (query, field, value) => {
  const reply = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/catalog?${query}`);
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body.count).toBeGreaterThan(0);
  for (const listing of reply.body.data) {
    expect([listing[field]].flat()).toContain(value);
  }
});

test.each([
  ['vertical=audio', 'vertical', 'the closest is "conversational_audio"'],
  ['language=Englsh', 'language', 'did you mean "English"?'],
  ['language=Xyzzy', 'language', 'try "English"'],
])('GET /api/v1/catalog?%s is 422 naming %s: %s', async (query, field, hint) => {
  const reply = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/catalog?${query}`);
  expectError(reply, 422, 'invalid');
  expect(reply.body.error.fields).toEqual({ [field]: [expect.stringContaining(hint)] });
  expect(reply.body.error.fields[field][0]).not.toContain('Arabic');
});
