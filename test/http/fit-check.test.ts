// "Will my use fit?" (contract §15) over HTTP, on the built server with mail on a real SMTP server: POST
// /api/v1/catalog/{id}/fit term by term (each refusing alone, all fitting, an unknown purpose 422), the MCP tool
// check_use through the same endpoint, and a data request's intended_use answered per match and mailed to the lead.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeLab, type Lab } from '../support/lab.ts';
import { mcpOverHttp } from '../support/mcp.ts';
import {
  mailTo,
  postJson,
  selfServeLab,
  sessionCall,
  startSelfServe,
  type SelfServe,
} from '../support/self-serve.ts';
import { startApp } from '../support/app.ts';
import { requireBuild } from '../support/dist.ts';

let ctx: SelfServe;
let lab: Lab;
beforeAll(async () => {
  requireBuild();
  ctx = await startSelfServe();
  lab = await makeLab(ctx.operator);
});
afterAll(async () => {
  await ctx?.stop();
});

const fit = (id: string, body: unknown) => postJson(ctx, `/api/v1/catalog/${id}/fit`, body);

// de-chest-ct-lung-nodules: training and evaluation, commercial, DE/AT/CH, 24 months.
// es-coronary-ct-angiography: training, evaluation and benchmark publication, non-commercial, worldwide, 24 months.
const CHEST = 'de-chest-ct-lung-nodules';
const CORONARY = 'es-coronary-ct-angiography';
const fitting = { purposes: ['training'], commercial: true, territories: ['DE'], term_months: 24 };

const CASES: { name: string; id: string; body: Record<string, unknown>; refused: string[]; says?: RegExp }[] =
  [
    { name: 'every term allows it', id: CHEST, body: fitting, refused: [] },
    {
      name: 'a purpose the licence does not permit',
      id: CHEST,
      body: { ...fitting, purposes: ['training', 'fine_tuning'] },
      refused: ['purposes'],
      says: /not fine-tuning \(rights\.purposes: training, evaluation\)\. Closest that fits: purposes \["training"\]/,
    },
    {
      name: 'commercial use of a non-commercial licence',
      id: CORONARY,
      body: { ...fitting, territories: ['ES'] },
      refused: ['commercial'],
      says: /non-commercial use only \(rights\.commercial: false\)\. Closest that fits: commercial false/,
    },
    {
      name: 'a country outside the territory',
      id: CHEST,
      body: { ...fitting, territories: ['US', 'de'] },
      refused: ['territories'],
      says: /Germany, Austria and Switzerland only .*United States \(US\) is outside it\. Closest that fits: territories \["DE"\]/,
    },
    {
      name: 'worldwide use of a licence for three countries',
      id: CHEST,
      body: { ...fitting, territories: ['worldwide'] },
      refused: ['territories'],
      says: /Closest that fits: territories \["DE","AT","CH"\]/,
    },
    {
      name: 'a term longer than the licence',
      id: CHEST,
      body: { ...fitting, term_months: 36 },
      refused: ['term_months'],
      says: /runs 24 months \(rights\.term_months: 24\); 36 months is longer\. Closest that fits: term_months 24/,
    },
    {
      name: 'every term at once',
      id: CORONARY,
      body: { purposes: ['fine_tuning'], commercial: true, territories: ['FR'], term_months: 48 },
      refused: ['purposes', 'commercial', 'term_months'],
    },
  ];

describe('POST /api/v1/catalog/{id}/fit', () => {
  test.each(CASES)('$name', async ({ id, body, refused, says }) => {
    const answer = await fit(id, body);
    expect(answer.status, answer.text).toBe(200);
    const { fits, reasons, closest } = answer.body.data;
    expect(fits).toBe(refused.length === 0);
    expect(reasons.map((reason: { field: string }) => reason.field)).toEqual(refused);
    if (says) expect(reasons[0].says).toMatch(says);
    if (!refused.length) return expect(closest).toBeNull();
    // The nearest use it names does fit: asked again, nothing refuses.
    const again = await fit(id, closest);
    expect(again.body.data, JSON.stringify(closest)).toMatchObject({ fits: true, reasons: [] });
  });

  test('reads what a person writes: "Fine tuning", a country name, a code in lower case; a field left out is not checked', async () => {
    const answer = await fit('us-auto-insurance-claims-calls', {
      purposes: ['Fine tuning', 'Benchmark publication'],
      territories: ['Germany', 'jp'],
    });
    expect(answer.body.data).toEqual({ fits: true, reasons: [], closest: null });
  });

  test('an unknown purpose is 422 naming the vocabulary and the closest term', async () => {
    const answer = await fit(CHEST, { purposes: ['pretraining'] });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('invalid');
    const [message] = answer.body.error.fields['purposes.0'];
    expect(message).toContain('training, evaluation, fine_tuning, benchmark_publication');
    expect(message).toContain('the closest is "training"');
  });

  test('other bad input is 422 naming the field: no purposes, an unknown country, a term in words, an extra field', async () => {
    const answer = await fit(CHEST, {
      territories: ['Germny'],
      term_months: '24 months',
      commercial: 'yes',
      exclusive: true,
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.error.fields).sort()).toEqual(
      ['commercial', 'exclusive', 'purposes', 'term_months', 'territories.0'].sort(),
    );
    expect(answer.body.error.fields['territories.0'][0]).toMatch(/ISO 3166-1 alpha-2/);
  });

  test('an unknown listing is 404 naming the closest id; a body that is not JSON is refused, never a 500', async () => {
    const missing = await fit('de-chest-ct-lung-nodule', fitting);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain(CHEST);
    const broken = await fetch(`${ctx.server.url}/api/v1/catalog/${CHEST}/fit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"purposes": [',
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
  });
});

test('it is rate limited per client IP, as the catalogue is', async () => {
  const limited = await startApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '2' });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`${limited.url}/api/v1/catalog/${CHEST}/fit`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(fitting),
      });
      statuses.push(answer.status);
      await answer.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 429]);
  } finally {
    await limited.stop();
  }
});

test('the MCP tool check_use answers what the endpoint answers, without a key', async () => {
  const client = await mcpOverHttp(ctx.server.url);
  try {
    const body = { ...fitting, term_months: 36 };
    const tool = await client.call('check_use', { id: CHEST, ...body });
    expect(tool.isError).toBe(false);
    expect(tool.structured).toEqual((await fit(CHEST, body)).body);
    expect(tool.summary).toMatch(/does not fit: The licence runs 24 months/);
    const unknown = await client.call('check_use', { id: CHEST, purposes: ['pretraining'] });
    expect(unknown.isError).toBe(true);
    expect(unknown.summary).toMatch(/^invalid/);
  } finally {
    await client.close();
  }
});

describe('a data request with intended_use', () => {
  const request = {
    data_types: ['ct_study'],
    domains: ['pulmonology'],
    description: 'Chest CT with nodule labels, for a detection model we sell in Germany and France.',
    intended_use: { purposes: ['training'], commercial: true, territories: ['DE', 'FR'], term_months: 24 },
  };

  test('says per match whether the use fits, keeps the use, and the lead’s mail shows both', async () => {
    const made = await postJson(ctx, '/api/v1/requests', request, { Authorization: `Bearer ${lab.key}` });
    expect(made.status, made.text).toBe(201);
    const chest = made.body.data.matches.find((m: { listing_id: string }) => m.listing_id === CHEST);
    expect(chest.fit.fits).toBe(false);
    expect(chest.fit.reasons.map((r: { field: string }) => r.field)).toEqual(['territories']);
    const shown = await fetch(`${ctx.server.url}/api/v1/requests/${made.body.data.id}`, {
      headers: { Authorization: `Bearer ${lab.key}` },
    }).then((r) => r.json());
    expect(shown.data.intended_use).toEqual(request.intended_use);
    expect(shown.data.matches).toEqual(made.body.data.matches);
    const lead = await mailTo(
      ctx.smtp,
      'sourcing@localhost',
      new RegExp(`New data request from ${lab.orgName}`),
    );
    expect(lead.mail.text).toContain('training, commercial, in DE, FR, 24 months');
    expect(lead.mail.text).toMatch(
      /intended use: does not fit: The licence covers use in Germany, Austria and Switzerland only/,
    );
  });

  test('without one, matches carry no fit; an invalid one is 422 naming the field inside it', async () => {
    const { intended_use: _, ...plain } = request;
    const made = await postJson(ctx, '/api/v1/requests', plain, { Authorization: `Bearer ${lab.key}` });
    expect(made.status, made.text).toBe(201);
    for (const match of made.body.data.matches) expect(match.fit).toBeUndefined();
    const bad = await postJson(
      ctx,
      '/api/v1/requests',
      { ...request, intended_use: { purposes: ['pretraining'] } },
      { Authorization: `Bearer ${lab.key}` },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields['intended_use.purposes.0'][0]).toContain('fine_tuning');
  });

  test("the lab's dashboard page of the request says, per listing, whether its use fits", async () => {
    const admin = await selfServeLab(ctx);
    const made = await sessionCall(ctx, admin.cookie, '/api/v1/requests', { method: 'POST', body: request });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id;
    const page = await sessionCall(ctx, admin.cookie, `/dashboard/requests/${id}/`);
    expect(page.status).toBe(200);
    const text = page.text.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    expect(text).toMatch(
      /Chest CT with Lung Nodule Annotations, Germany: meets .*Your intended use does not fit its licence: The licence covers use in Germany, Austria and Switzerland only/,
    );
  });
});
