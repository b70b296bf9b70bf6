// The OpenAPI document matches the running API: each documented path and method answers, responses have the
// documented shape, and the documented request schema refuses what the API refuses.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ENDPOINTS } from '../../api/handlers/endpoints.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';
import { makeLab } from '../support/lab.ts';
import { ops } from '../support/ops.ts';
import { startApp, type InProcessServer } from '../support/app.ts';

type Operation = {
  security?: Record<string, unknown>[];
  requestBody?: { content: Record<string, { example: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};
let server: InProcessServer;
let document: { paths: Record<string, Record<string, Operation>> };
let key: string;
let requestId: string;
let sampleId: string;
let recallId: string;
const ajv = new Ajv2020({ strict: false, allErrors: true });

beforeAll(async () => {
  requireBuild();
  document = JSON.parse(await readFile(join(DIST_CLIENT, 'openapi.json'), 'utf8'));
  ajv.addSchema(document, 'openapi');
  server = await startApp({ RATE_LIMIT_KEY_PER_MINUTE: '10000', RATE_LIMIT_PUBLIC_PER_MINUTE: '10000' });
  const lab = await makeLab(server.dataDir);
  await ops(server.dataDir, 'nda', 'accept', '--org', lab.orgId);
  key = lab.key;
  const created = await post({
    data_types: ['call_audio'],
    description: 'A request to read back in the contract test.',
  });
  requestId = (created.body as { data: { id: string } }).data.id;
  const asked = await fetch(`${server.url}/api/v1/samples/us-auto-insurance-claims-calls`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
  });
  sampleId = ((await asked.json()) as { id: string }).id;
  // A request licensed for a listing: the lab is told of the listing's recall, whose id the walk acknowledges.
  const licensed = await post({
    data_types: ['call_audio'],
    description: 'A licensed request, so that a recall reaches this lab.',
    listing_id: 'us-auto-insurance-claims-calls',
  });
  const licensedId = (licensed.body as { data: { id: string } }).data.id;
  await ops(server.dataDir, 'requests', 'move', licensedId, 'closed', '--outcome', 'licensed');
  const recall = await ops(
    server.dataDir,
    'listings',
    'recall',
    'us-auto-insurance-claims-calls',
    '--items',
    'C-1',
    '--reason',
    'Consent withdrawn',
  );
  recallId = recall.json.id;
});
afterAll(() => server?.stop());

async function post(body: unknown) {
  const response = await fetch(`${server.url}/api/v1/requests`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const validatorFor = (ref: string) => ajv.getSchema(`openapi${ref}`)!;

test('each documented path and method answers, with the documented body shape', async () => {
  const checked: string[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const concrete = path
        .replace('/requests/{id}', `/requests/${requestId}`)
        .replace('/sample-requests/{id}', `/sample-requests/${sampleId}`)
        .replace('/recalls/{id}', `/recalls/${recallId}`)
        .replace('{id}', 'de-chest-ct-lung-nodules');
      const url = `${server.url}${concrete}${concrete.endsWith('/download') ? '?token=not-a-token' : ''}`;
      const needsKey = operation.security?.some((s) => 'apiKey' in s);
      const example = operation.requestBody?.content['application/json']?.example;
      const response = await fetch(url, {
        method: method.toUpperCase(),
        headers: {
          ...(needsKey ? { Authorization: `Bearer ${key}` } : {}),
          ...(example ? { 'Content-Type': 'application/json' } : {}),
        },
        body: example ? JSON.stringify(example) : undefined,
      });
      expect([404, 405], `${method} ${path}`).not.toContain(response.status);
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain(String(response.status));
      const schemaRef =
        operation.responses[String(response.status)]?.content?.['application/json']?.schema.$ref;
      if (schemaRef) {
        const validate = validatorFor(schemaRef);
        const body = await response.json();
        expect(validate(body), `${method} ${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
      checked.push(`${method} ${path} → ${response.status}`);
    }
  }
  expect(checked).toHaveLength(ENDPOINTS.length); // every route, each once
});

const valid = {
  data_types: ['ct_study'],
  description: 'Chest CT studies with radiology reports, adult patients.',
};
test.each([
  ['a valid body', valid],
  [
    'every optional field',
    {
      ...valid,
      languages: ['en'],
      domains: ['radiology'],
      volume: '1-10 TB',
      timeline: '3-6 months',
      exclusivity: 'open_to_both',
      publish_to_demand_board: false,
    },
  ],
  ['no data_types', { description: valid.description }],
  ['empty data_types', { ...valid, data_types: [] }],
  ['an unknown data type', { ...valid, data_types: ['video'] }],
  ['no description', { data_types: ['ct_study'] }],
  ['a description too short', { ...valid, description: 'CT' }],
  ['an unknown field', { ...valid, budget: 100 }],
  ['a volume outside the bands', { ...valid, volume: '3 TB' }],
  ['exclusivity as a boolean', { ...valid, exclusivity: true }],
  ['publish_to_demand_board as a string', { ...valid, publish_to_demand_board: 'yes' }],
  ['a body that is an array', [valid]],
])('the documented schema and the API agree on %s', async (_name, body) => {
  const schema = validatorFor('#/components/schemas/DataRequestInput');
  const documentedValid = schema(body);
  const { status } = await post(body);
  expect(status === 201, `document says ${documentedValid}, API answered ${status}`).toBe(documentedValid);
  if (!documentedValid) expect(status).toBe(422);
});
