// A lab's engineer generates a TypeScript client from /openapi.json with openapi-typescript and its default
// flags, and writes their journey with it: it must compile (issue 41, item 15). With its defaults,
// openapi-typescript makes a property with a `default` required, so a request body's defaulted fields
// (listing_id, publish_to_demand_board, grace_hours) must carry none for a lab to leave them out.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

const run = promisify(execFile);
// Its own TypeScript 5 (a workspace): openapi-typescript needs the compiler API TypeScript 7 no longer has.
const GENERATOR = 'tools/openapi-typescript/node_modules/openapi-typescript/bin/cli.js';
const TSC = 'node_modules/typescript/bin/tsc';

// A lab's journey as they would write it, leaving out what the server fills in (listing_id,
// publish_to_demand_board, grace_hours), against the generated client (./api.ts).
const JOURNEY = `import type { paths } from './api.ts';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

type NewRequest = Json<paths['/api/v1/requests']['post']['requestBody']>;
type Created = Json<paths['/api/v1/requests']['post']['responses'][201]>;
type Catalog = Json<paths['/api/v1/catalog']['get']['responses'][200]>;
type SampleAccepted = Json<paths['/api/v1/samples/{id}']['post']['responses'][202]>;
type Withdrawal = Json<NonNullable<paths['/api/v1/requests/{id}/withdraw']['post']['requestBody']>>;
type Withdrawn = Json<paths['/api/v1/requests/{id}/withdraw']['post']['responses'][200]>;
type Rotation = Json<NonNullable<paths['/api/v1/keys/{id}/rotate']['post']['requestBody']>>;
type Rotated = Json<paths['/api/v1/keys/{id}/rotate']['post']['responses'][201]>;

declare function call<Answer>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer>;

export async function journey(): Promise<string[]> {
  const catalog = await call<Catalog>('GET', '/api/v1/catalog');
  const listing = catalog.data[0]!;
  const request: NewRequest = {
    data_types: ['call_audio'],
    description: 'Spanish and English insurance claims calls, for ASR fine-tuning.',
  };
  const created = await call<Created>('POST', '/api/v1/requests', request);
  const sample = await call<SampleAccepted>('POST', \`/api/v1/samples/\${listing.id}\`);
  const withdrawal: Withdrawal = { reason: 'Found what we needed elsewhere.' };
  const withdrawn = await call<Withdrawn>('POST', \`/api/v1/requests/\${created.data.id}/withdraw\`, withdrawal);
  const rotation: Rotation = {};
  const rotated = await call<Rotated>('POST', '/api/v1/keys/key_3hQm8ZtR2vWx9LpN4cYb/rotate', rotation);
  return [created.data.status, sample.id, withdrawn.data.status, rotated.data.key];
}
`;

let dir: string;
beforeAll(async () => {
  requireBuild();
  dir = await mkdtemp(join(tmpdir(), 'dss-client-'));
  await run(process.execPath, [GENERATOR, join(DIST_CLIENT, 'openapi.json'), '-o', join(dir, 'api.ts')]);
  await writeFile(join(dir, 'journey.ts'), JOURNEY);
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: 'es2022',
    module: 'nodenext',
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: [],
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['journey.ts'] }));
}, 120_000);
afterAll(() => dir && rm(dir, { recursive: true, force: true }));

test('a lab’s journey compiles against the generated client', async () => {
  const checked = await run(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')]).then(
    () => '',
    (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}`,
  );
  expect(checked).toBe('');
}, 60_000);
