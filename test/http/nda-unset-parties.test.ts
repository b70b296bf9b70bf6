// Issue 42: without LEGAL_ENTITY, LEGAL_ADDRESS and GOVERNING_LAW the NDA names no provider or law. The API and
// the dashboard say which settings are unset, and an acceptance is refused naming them (409 conflict), on either
// door, with nothing recorded; the published page names the settings its own build lacked.
import { describe, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import { postPageForm, selfServeSuite, sessionCall } from '../support/self-serve.ts';

const UNSET = ['LEGAL_ENTITY', 'LEGAL_ADDRESS', 'GOVERNING_LAW'];
const suite = selfServeSuite('Unset Parties Lab', {
  LEGAL_ENTITY: '',
  LEGAL_ADDRESS: '',
  GOVERNING_LAW: 'England and Wales',
});

describe('an NDA whose provider is not configured', () => {
  test('GET /api/v1/nda names the unset settings', async () => {
    const { ctx, lab } = suite;
    const nda = (await sessionCall(ctx, lab.cookie, '/api/v1/nda')).body.data;
    expect(nda.unset_settings).toEqual(['LEGAL_ENTITY', 'LEGAL_ADDRESS']);
  });

  test('the API refuses the acceptance naming the settings, and records nothing', async () => {
    const { ctx, lab } = suite;
    const { version, sha256 } = (await sessionCall(ctx, lab.cookie, '/api/v1/nda')).body.data;
    const reply = await sessionCall(ctx, lab.cookie, '/api/v1/nda/acceptances', {
      method: 'POST',
      body: { version, sha256, signer_name: 'Ada Admin', signer_title: 'CTO', authorised: true },
    });
    expectError(reply, 409, 'conflict');
    expect(reply.body.error.message).toContain('LEGAL_ENTITY, LEGAL_ADDRESS are not set');
    const me = await sessionCall(ctx, lab.cookie, '/api/v1/me');
    expect(me.body.data.nda.state).toBe('none');
  });

  test("the dashboard's accept button says which settings are unset, and a post is refused saying so", async () => {
    const { ctx, lab } = suite;
    const page = await (await fetch(`${ctx.server.url}/dashboard/nda/`, { headers: { Cookie: lab.cookie } })).text();
    expect(page).toMatch(/<p class="field-error" id="nda-unset">The NDA cannot be accepted yet: this service's legal settings LEGAL_ENTITY, LEGAL_ADDRESS are not set/);
    expect(page).toMatch(/<button type="submit" disabled aria-describedby="nda-unset">Accept the NDA<\/button>/);
    const { version, sha256 } = (await sessionCall(ctx, lab.cookie, '/api/v1/nda')).body.data;
    const posted = await postPageForm(ctx, lab.cookie, '/dashboard/nda/', {
      version,
      sha256,
      signer_name: 'Ada Admin',
      signer_title: 'CTO',
      authorised: 'true',
    });
    expect(posted.status).toBe(409);
    expect(await posted.text()).toContain('LEGAL_ENTITY, LEGAL_ADDRESS are not set');
  });

  test('the published page names the settings its build lacked, and no others', async () => {
    const { ctx } = suite;
    const text = await (await fetch(`${ctx.server.url}/legal/nda.md`)).text();
    const page = await (await fetch(`${ctx.server.url}/legal/nda/`)).text();
    const lacking = UNSET.filter((name) => text.includes(`[not set: ${name}]`));
    if (lacking.length === 0) expect(page).not.toContain('Not ready to sign');
    else expect(page).toContain(`This service's legal settings ${lacking.join(', ')} are not set`);
  });
});
