// A data request's life (contract §9), for a lab of its own: a withdrawal with a reason, and the refusals of bands,
// domains and listing ids, storing nothing.

import { beforeAll, describe, expect, test } from 'vitest';
import { expectError, LISTING_ID } from '../support/api-client.ts';
import type { Lab } from '../support/lab.ts';
import { LEAD, requestJourney } from '../support/request-journey.ts';

const journey = requestJourney();
const { call, submitted, mailTo } = journey;
let lab: Lab;
let other: Lab;
beforeAll(() => void ({ lab, other } = journey.state));

describe('a withdrawal with a reason', () => {
  test('the reason is the closing event and reaches the lead; an unknown field is 422 and withdraws nothing', async () => {
    const id = await submitted(other.key, {
      data_types: ['Call audio'],
      description: 'Calls we will not need after all, it turns out.',
    });
    const path = `/api/v1/requests/${id}/withdraw`;
    const misnamed = await call(path, { method: 'POST', key: other.key, body: { reasons: 'Budget moved.' } });
    expectError(misnamed, 422, 'invalid');
    expect(Object.keys(misnamed.body.error.fields)).toEqual(['reasons']);
    expect((await call(`/api/v1/requests/${id}`, { key: other.key })).body.data.status).toBe('received');
    const withdrawn = await call(path, {
      method: 'POST',
      key: other.key,
      body: { reason: 'Budget moved to next year.' },
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body.data.events.at(-1)).toMatchObject({
      status: 'closed',
      message: 'Withdrawn by your organisation: Budget moved to next year.',
    });
    const lead = await mailTo(LEAD, `Data request ${id} withdrawn`);
    expect(lead.mail.text).toContain('Their reason: Budget moved to next year.');
  });
});

describe('refusals name the field and the closest valid value, and store nothing', () => {
  test.each([
    ['volume', { volume: '5 TB' }, '"1-5 TB"'],
    ['volume', { volume: '10-5 TB' }, 'smaller'],
    ['timeline', { timeline: 'asap' }, '"3-6 months"'],
    ['domains.0', { domains: ['Insurence'] }, '"insurance"'],
    ['data_types.0', { data_types: ['Call audoi'] }, '"call_audio"'],
    ['data_types', { data_types: ['call_audio', 'Call audio'] }, 'names a data type twice'],
    ['exclusivity', { exclusivity: 'non exclusve' }, '"non_exclusive"'],
    ['listing_id', { listing_id: 'us-auto-insurance-claims-call' }, `"${LISTING_ID}"`],
    ['listing_id', { listing_id: 'US Auto Insurance Claims Calls' }, `"${LISTING_ID}"`],
  ])('%s: %j', async (field, extra, hint) => {
    const before = (await call('/api/v1/requests?limit=100', { key: other.key })).body.count;
    const refused = await call('/api/v1/requests', {
      method: 'POST',
      key: other.key,
      body: { data_types: ['call_audio'], description: 'Calls for a refusal test, please ignore.', ...extra },
    });
    expectError(refused, 422, 'invalid');
    expect(Object.keys(refused.body.error.fields)).toEqual([field]);
    expect(refused.body.error.fields[field].join(' ')).toContain(hint);
    expect((await call('/api/v1/requests?limit=100', { key: other.key })).body.count).toBe(before);
  });

  test('data types, domains and exclusivity in any case and spacing are stored as the vocabulary has them', async () => {
    const created = await call('/api/v1/requests', {
      method: 'POST',
      key: other.key,
      body: {
        data_types: ['Call audio', 'voicemail-audio'],
        domains: ['Public sector', ' TELECOMMUNICATIONS '],
        exclusivity: 'Open to both',
        description: 'Citizen service line calls for intent detection.',
      },
    });
    expect(created.status, created.text).toBe(201);
    const one = await call(`/api/v1/requests/${created.body.data.id}`, { key: other.key });
    expect(one.body.data).toMatchObject({
      data_types: ['call_audio', 'voicemail_audio'],
      domains: ['public_sector', 'telecommunications'],
      exclusivity: 'open_to_both',
    });
  });
});
