// Issue 42: after an NDA acceptance, the signer and the organisation's admins are mailed a PDF (through the mail
// queue and a real SMTP server on loopback) holding the text accepted and a signing certificate; the dashboard
// offers the same PDF for the organisation's own acceptances only. The PDF is read as a counsel would: pdftotext
// (poppler-utils) for the certificate's fields, pdfdetach for the text inside, whose SHA-256 is the one certified.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { TEST_LEGAL_ENV } from '../support/service-env.ts';
import { opsOk } from '../support/ops.ts';
import {
  invited,
  mailTo,
  mailsTo,
  selfServeLab,
  selfServeSuite,
  sessionCall,
  type Json,
} from '../support/self-serve.ts';

const run = promisify(execFile);
const suite = selfServeSuite('Copy Lab Ltd');
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) CounselCheck/1.0';

/** What a PDF reader shows of `pdf`, and the files attached inside it. */
async function readPdf(pdf: Buffer): Promise<{ text: string; attached: Map<string, Buffer> }> {
  const dir = await mkdtemp(join(tmpdir(), 'dss-nda-pdf-'));
  const file = join(dir, 'copy.pdf');
  await writeFile(file, pdf);
  const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
  const out = join(dir, 'attached');
  await run('mkdir', [out]);
  await run('pdfdetach', ['-saveall', '-o', out, file]);
  const attached = new Map<string, Buffer>();
  for (const name of await readdir(out)) attached.set(name, await readFile(join(out, name)));
  return { text, attached };
}

async function accept(cookie: string, signer: { signer_name: string; signer_title: string }) {
  const { version, sha256 } = (await sessionCall(suite.ctx, cookie, '/api/v1/nda')).body.data;
  const reply = await sessionCall(suite.ctx, cookie, '/api/v1/nda/acceptances', {
    method: 'POST',
    body: { version, sha256, ...signer, authorised: true },
    headers: { 'User-Agent': USER_AGENT },
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data.acceptance as Json;
}

describe('the signed copy of an NDA acceptance', () => {
  test('is mailed as a PDF to the signer and every admin (not to members), and holds the text and its certificate', async () => {
    const { ctx, lab } = suite;
    const secondAdmin = await invited(ctx, lab, 'admin');
    const member = await invited(ctx, lab, 'member');
    const acceptance = await accept(lab.cookie, { signer_name: 'Ada Lovelace', signer_title: 'General Counsel' });
    // The API's answer never carries the text, the IP or the user agent.
    expect(acceptance).not.toHaveProperty('text');
    expect(acceptance).not.toHaveProperty('ip');

    const toSigner = await mailTo(ctx.smtp, lab.email, /signed copy of the NDA/i);
    const toAdmin = await mailTo(ctx.smtp, secondAdmin.email, /signed copy of the NDA/i);
    expect(toSigner.mail.text).toContain('You accepted the NDA for Copy Lab Ltd');
    expect(toAdmin.mail.text).toContain('Ada Lovelace, General Counsel accepted the NDA for Copy Lab Ltd');
    expect(mailsTo(ctx.smtp, member.email).filter((m) => /signed copy/i.test(m.mail.subject ?? ''))).toEqual([]);

    const [pdf] = toSigner.mail.attachments;
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.filename).toBe(`nda-${acceptance.version}-${acceptance.id}.pdf`);
    const { text, attached } = await readPdf(pdf!.content);
    // The certificate: version, hash, signer, title, organisation, account, time, IP, user agent.
    for (const field of [
      'Signing certificate',
      acceptance.version,
      acceptance.sha256,
      'Ada Lovelace',
      'General Counsel',
      `Copy Lab Ltd (${lab.orgId})`,
      lab.email,
      acceptance.created_at,
      '127.0.0.1',
      USER_AGENT,
    ]) {
      expect(text, field).toContain(field);
    }
    // The agreement itself, with the provider and law the service is configured with.
    expect(text).toContain('Mutual Non-Disclosure Agreement for Data Evaluation');
    expect(text).toContain(TEST_LEGAL_ENV.LEGAL_ENTITY);
    expect(text).toContain(`the laws of ${TEST_LEGAL_ENV.GOVERNING_LAW}`);
    expect(text).not.toMatch(/not set|template/i);
    // The exact text is inside the PDF; its SHA-256 is the certified one, and the one GET /api/v1/nda names.
    const inside = attached.get(`nda-${acceptance.version}.md`)!;
    expect(createHash('sha256').update(inside).digest('hex')).toBe(acceptance.sha256);
    const published = (await sessionCall(ctx, lab.cookie, '/api/v1/nda')).body.data.sha256;
    expect(acceptance.sha256).toBe(published);
    // The certificate's values exactly as recorded, beside the page that prints them.
    expect(JSON.parse(attached.get('certificate.json')!.toString('utf8'))).toMatchObject({
      Signer: 'Ada Lovelace',
      'SHA-256 of the text': acceptance.sha256,
      'User agent': USER_AGENT,
    });
    // The admin's copy is the same document.
    expect(Buffer.compare(toAdmin.mail.attachments[0]!.content, pdf!.content)).toBe(0);

    // Once sent, the queue keeps a reference to the acceptance, never the PDF's bytes.
    const listed = (await opsOk(ctx.operator, 'mail', 'list')) as Json[];
    const copy = listed.find((m) => m.to === lab.email && /signed copy/i.test(m.subject));
    expect(copy).toMatchObject({
      status: 'sent',
      attachments: [{ kind: 'nda_certificate', org_id: lab.orgId, acceptance_id: acceptance.id }],
    });
  });

  test('the dashboard downloads the same PDF for the organisation\'s own acceptance; another organisation\'s is 404', async () => {
    const { ctx, lab } = suite;
    const page = await (await fetch(`${ctx.server.url}/dashboard/nda/`, { headers: { Cookie: lab.cookie } })).text();
    const href = /href="(\/dashboard\/nda\/nda_[^"]+\/)"/.exec(page)?.[1];
    expect(href, 'a signed-copy link on the NDA page').toBeDefined();
    const download = await fetch(ctx.server.url + href, { headers: { Cookie: lab.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="nda-.+\.pdf"$/);
    const { text } = await readPdf(Buffer.from(await download.arrayBuffer()));
    expect(text).toContain('Signing certificate');
    expect(text).toContain('Ada Lovelace');

    const other = await selfServeLab(ctx, 'Other Lab');
    const refused = await fetch(ctx.server.url + href, { headers: { Cookie: other.cookie } });
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('Ada Lovelace');
    const anonymous = await fetch(ctx.server.url + href, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toMatch(/^\/signin\/\?next=/);
  });
});
