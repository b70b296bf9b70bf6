// Issue 42: the NDA's hash covers its parties. A service restarted with another LEGAL_ENTITY under the same version
// publishes another hash; the acceptance made before is no longer the one in force for the dashboard, an acceptance
// naming the old hash is 409 nda_outdated, and accepting the new text is a new acceptance (201), to verify again.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import { opsOk } from '../support/ops.ts';
import { selfServeLab, sessionCall, startSelfServe, type SelfServe } from '../support/self-serve.ts';

const running: SelfServe[] = [];
afterAll(async () => {
  for (const ctx of running) await ctx.stop();
});

test('new parties under the same version: the old hash is outdated, and the new text is accepted anew', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-nda-parties-'));
  const first = await startSelfServe({ DATA_DIR: dataDir });
  running.push(first);
  const lab = await selfServeLab(first, 'Parties Lab');
  const signer = { signer_name: 'Ada Admin', signer_title: 'CTO', authorised: true };
  const before = (await sessionCall(first, lab.cookie, '/api/v1/nda')).body.data;
  const accepted = await sessionCall(first, lab.cookie, '/api/v1/nda/acceptances', {
    method: 'POST',
    body: { version: before.version, sha256: before.sha256, ...signer },
  });
  expect(accepted.status, accepted.text).toBe(201);
  await opsOk(first.operator, 'nda', 'verify', '--org', lab.orgId);
  await first.server.stop();

  const again = await startSelfServe({
    DATA_DIR: dataDir,
    PORT: new URL(first.siteUrl).port,
    LEGAL_ENTITY: 'Successor Data Services Ltd',
  });
  running.push(again);
  const after = (await sessionCall(again, lab.cookie, '/api/v1/nda')).body.data;
  expect(after.version).toBe(before.version);
  expect(after.sha256).not.toBe(before.sha256);
  // The dashboard asks for the new text to be accepted, though the version is the same.
  const page = await (await fetch(`${again.server.url}/dashboard/nda/`, { headers: { Cookie: lab.cookie } })).text();
  expect(page).toContain('<h2>Accept the NDA</h2>');
  expect(page).toContain(`value="${after.sha256}"`);

  const stale = await sessionCall(again, lab.cookie, '/api/v1/nda/acceptances', {
    method: 'POST',
    body: { version: before.version, sha256: before.sha256, ...signer },
  });
  expectError(stale, 409, 'nda_outdated');
  const anew = await sessionCall(again, lab.cookie, '/api/v1/nda/acceptances', {
    method: 'POST',
    body: { version: after.version, sha256: after.sha256, ...signer },
  });
  expect(anew.status, anew.text).toBe(201);
  expect(anew.body.data.acceptance.sha256).toBe(after.sha256);
  expect(anew.body.data.nda.state).toBe('accepted'); // the new text waits for the operator's verification
});
