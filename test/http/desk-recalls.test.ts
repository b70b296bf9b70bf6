// The desk's recalls (issue 43, contract §15), over HTTP in process on the engine the project runs: a staff member
// recalls items from /desk/recalls/ (the recall records their id and an audit line), bad input is refused on its
// field and another origin with 403; the page shows, per organisation told, who acknowledged (when, what they said)
// and who has not, by name; the inbox lists the recall while one waits, and the lead's digest names the missing one.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sendDigests } from '../../api/domain/staff/reminders.ts';
import { openStore } from '../../api/store/open-store.ts';
import type { Store } from '../../api/store/store.ts';
import { addStaff, deskGet, deskPost, deskSignin, type Staff } from '../support/desk.ts';
import { opsOk } from '../support/ops.ts';
import {
  mailTo,
  selfServeLab,
  selfServeSuite,
  sessionCall,
  type SelfServeLab,
} from '../support/self-serve.ts';
import { storeEnv } from '../support/store-env.ts';

const LISTING = 'us-auto-insurance-claims-calls';
const LEAD = 'recall-lead@sourcing.example';
// An hour the service's own pass never reaches while the test runs: only the call below sends a digest.
const DIGEST_HOUR = (new Date().getUTCHours() + 12) % 24;
const suite = selfServeSuite('Acknowledging Lab', {
  SOURCING_LEAD_EMAIL: LEAD,
  DIGEST_HOUR_UTC: String(DIGEST_HOUR),
});

let staff: Staff;
let cookie: string;
let acknowledger: SelfServeLab;
let laggard: SelfServeLab;
let recallId: string;
/** The service's store, as a second instance opens it: the same DATA_DIR, or the same database. */
let store: Store;
const STATEMENT = 'Deleted from our training store and its backups on 2026-11-28.';

/** The lab licenses the listing: a request naming it, closed licensed. */
async function license(lab: SelfServeLab) {
  const made = await sessionCall(suite.ctx, lab.cookie, '/api/v1/requests', {
    method: 'POST',
    body: { data_types: ['call_audio'], description: 'Claims calls for our ASR.', listing_id: LISTING },
  });
  expect(made.status, made.text).toBe(201);
  await opsOk(suite.ctx.operator, 'requests', 'move', made.body.data.id, 'closed', '--outcome', 'licensed');
}

const page = async (path: string) => (await deskGet(suite.ctx, cookie, path)).text();
/** The page's text, tags dropped and spaces folded: what a reader sees. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

beforeAll(async () => {
  acknowledger = suite.lab;
  laggard = await selfServeLab(suite.ctx, 'Laggard Lab');
  await license(acknowledger);
  await license(laggard);
  staff = await addStaff(suite.ctx, 'lead', 'Rita Recall');
  cookie = await deskSignin(suite.ctx, staff.email);
  const { DATABASE_URL } = (await storeEnv(suite.ctx.server.dataDir)) as { DATABASE_URL?: string };
  store = await openStore({ dataDir: suite.ctx.server.dataDir, databaseUrl: DATABASE_URL || undefined });
}, 60_000);
afterAll(async () => {
  await store?.close();
});

describe('the recall form', () => {
  test('refuses a mistyped listing on its field, naming the closest id, and keeps what was typed', async () => {
    const response = await deskPost(suite.ctx, cookie, '/desk/recalls/', {
      listing: 'us-auto-insurance-claim-calls',
      items: 'C-1',
      reason: 'The caller withdrew consent.',
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain(`the closest is &quot;${LISTING}&quot;`);
    expect(html).toMatch(/id="field-listing"[^>]*aria-invalid="true"/);
    expect(html).toContain('The caller withdrew consent.');
  });

  test('refuses no items and no reason, each on its field', async () => {
    const response = await deskPost(suite.ctx, cookie, '/desk/recalls/', {
      listing: LISTING,
      items: ' , \n',
      reason: '',
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('name at least one item');
    expect(html).toContain('say why');
    expect(html).toMatch(/id="field-items"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="field-reason"[^>]*aria-invalid="true"/);
  });

  test('refuses a post from another origin with 403, and makes nothing', async () => {
    const response = await deskPost(
      suite.ctx,
      cookie,
      '/desk/recalls/',
      { listing: LISTING, items: 'C-1', reason: 'Consent withdrawn.' },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(await store.recalls({})).toEqual([]);
  });

  test('makes the recall with the staff id, items split on commas and lines, and an audit line', async () => {
    const response = await deskPost(suite.ctx, cookie, '/desk/recalls/', {
      listing: ` ${LISTING} `,
      items: 'C-first, C-second\nC-third\n',
      reason: 'The caller withdrew consent on 2026-11-27.',
    });
    expect(response.status).toBe(303);
    recallId = /done=(rcl_[A-Za-z0-9_-]+)/.exec(response.headers.get('location') ?? '')![1]!;
    const recall = await store.recallById(recallId);
    expect(recall).toMatchObject({ listing_id: LISTING, created_by: staff.id });
    expect(recall!.items.map((i) => i.id)).toEqual(['C-first', 'C-second', 'C-third']);
    expect([...recall!.recipients].sort()).toEqual([acknowledger.orgId, laggard.orgId].sort());
    const audit = await opsOk(suite.ctx.operator, 'audit', 'list');
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'recall', staff_id: staff.id, detail: `${recallId} of ${LISTING}` }),
    );
  });
});

describe('the acknowledgements', () => {
  let ackAt = '';
  beforeAll(async () => {
    const acked = await sessionCall(
      suite.ctx,
      acknowledger.cookie,
      `/api/v1/recalls/${recallId}/acknowledgements`,
      {
        method: 'POST',
        body: { deleted: true, statement: STATEMENT },
      },
    );
    expect(acked.status, acked.text).toBe(201);
    ackAt = acked.body.data.created_at.slice(0, 16).replace('T', ' ');
  });

  test('the page shows who acknowledged, when and what they said, and who has not, by name', async () => {
    const html = await page('/desk/recalls/');
    const text = textOf(html);
    expect(text).toContain('1 of 2 organisations told have not acknowledged yet.');
    expect(text).toContain(
      `Acknowledging Lab ${ackAt} UTC Ada Admin &lt;${acknowledger.email}&gt; ${STATEMENT}`,
    );
    expect(text).toContain('Laggard Lab Not yet');
    expect(text).toContain('C-first, C-second, C-third');
    expect(html).toContain('href="/desk/recalls/" aria-current="page"');
  });

  test('the inbox lists the recall still waiting, naming the organisation', async () => {
    const text = textOf(await page('/desk/'));
    expect(text).toContain(`Recall of ${LISTING}: 1 of 2 not acknowledged`);
    expect(text).toContain('Laggard Lab');
    expect(text).toContain('1 recall unacknowledged');
  });

  test("the lead's digest names the organisation that has not acknowledged, with the desk's link", async () => {
    const config = {
      siteUrl: new URL(suite.ctx.siteUrl),
      sourcingLeadEmail: LEAD,
      digestHourUtc: DIGEST_HOUR,
    };
    expect(await sendDigests(store, config, new Date())).toBe(1);
    // The leads are the staff (docs/decisions/leads-are-the-staff.md): the one lead here is Rita.
    const digest = (await mailTo(suite.ctx.smtp, staff.email, /^Sourcing desk, /)).mail.text ?? '';
    expect(digest).toContain('Recalls not yet acknowledged (1)');
    expect(digest).toContain(`${recallId} of ${LISTING}: no acknowledgement yet from Laggard Lab`);
    expect(digest).not.toMatch(/from [^\n]*Acknowledging Lab/);
    expect(digest).toContain(`${suite.ctx.siteUrl}/desk/recalls/#${recallId}`);
  });
});
