// Issue 42: the dashboard downloads a sample only while its link is live. Once SAMPLE_LINK_TTL_SECONDS have passed
// since it was sent, the download is refused (410 link_expired) saying how to open it again, the button is gone,
// and "Mail a fresh link" opens it again. A HEAD downloads nothing and is not audited.
import { expect, test } from 'vitest';
import { opsOk } from '../support/ops.ts';
import { mailTo, postPageForm, selfServeSuite, sessionCall, type Json } from '../support/self-serve.ts';

const TTL_SECONDS = 3;
const suite = selfServeSuite('Expiry Lab', { SAMPLE_LINK_TTL_SECONDS: String(TTL_SECONDS) });

test('an expired sample is refused saying how to open it again; a fresh link opens the download again', async () => {
  const { ctx, lab } = suite;
  const get = (path: string, method = 'GET') =>
    fetch(ctx.server.url + path, { method, headers: { Cookie: lab.cookie }, redirect: 'manual' });
  const { version, sha256 } = (await sessionCall(ctx, lab.cookie, '/api/v1/nda')).body.data;
  const signer = { signer_name: 'Ada Admin', signer_title: 'CTO', authorised: true };
  await sessionCall(ctx, lab.cookie, '/api/v1/nda/acceptances', { method: 'POST', body: { version, sha256, ...signer } });
  await opsOk(ctx.operator, 'nda', 'verify', '--org', lab.orgId);
  const asked = await sessionCall(ctx, lab.cookie, '/api/v1/samples/us-auto-insurance-claims-calls', { method: 'POST' });
  const id = asked.body.id as string;
  await mailTo(ctx.smtp, lab.email, /sample .* is ready/i);
  const path = `/dashboard/samples/${id}/download/`;

  const head = await get(path, 'HEAD');
  expect(head.status).toBe(200);
  const audited = async () =>
    ((await opsOk(ctx.operator, 'audit', 'list', '--org', lab.orgId)) as Json[]).filter(
      (e) => e.kind === 'sample_download',
    ).length;
  expect(await audited()).toBe(0);

  await new Promise((done) => setTimeout(done, (TTL_SECONDS + 1) * 1000));
  const expired = await get(path);
  expect(expired.status).toBe(410);
  expect(await expired.text()).toContain('Mail yourself a fresh one from the Samples page');
  expect(await (await get('/dashboard/samples/')).text()).not.toContain(`href="${path}"`);

  const fresh = await postPageForm(ctx, lab.cookie, '/dashboard/samples/', { action: 'fresh-link', id });
  expect(fresh.status).toBe(303);
  const again = await get(path);
  expect(again.status).toBe(200);
  expect(again.headers.get('content-type')).toBe('application/zip');
  await again.arrayBuffer();
  expect(await audited()).toBe(1);
});
