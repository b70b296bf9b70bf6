// Issue 42: a mail may name a file made when it is sent (an NDA acceptance's signed PDF). Through the real mail
// delivery, nodemailer and an SMTP server on loopback: the file rides with the mail; a file that cannot be made
// (its acceptance is gone) fails that mail for the operator, and holds back none of the others, since the mail
// server did nothing wrong.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { mailAttachments } from '../../api/domain/labs/nda-copy.ts';
import { createMailDelivery } from '../../api/domain/mail/delivery.ts';
import { enqueueMail } from '../../api/domain/mail/queue.ts';
import { createMailTransport } from '../../api/domain/mail/transport.ts';
import { openStore } from '../../api/store/open-store.ts';
import { startSmtp } from '../support/smtp.ts';

test('a signed copy rides with its mail; one whose acceptance is gone fails alone, the others go', async () => {
  const smtp = await startSmtp();
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-mail-attachments-'));
  const store = await openStore({ dataDir });
  const transport = createMailTransport({ smtpUrl: smtp.url, mailFrom: 'data@dss.example', dataDir });
  try {
    const now = new Date('2026-11-28T09:00:00Z');
    const ref = (acceptance_id: string) => [{ kind: 'nda_certificate' as const, org_id: 'org_a', acceptance_id }];
    await store.transact(async (tx) => {
      await tx.insert('orgs', {
        id: 'org_a',
        name: 'Attach Lab',
        created_at: now.toISOString(),
        nda: { state: 'accepted', accepted_at: now.toISOString(), verified_at: null, revoked_at: null },
      });
      await tx.insert('nda_acceptances', {
        id: 'nda_kept',
        org_id: 'org_a',
        account_id: 'acc_a',
        version: '2026-11-28',
        sha256: 'b'.repeat(64),
        signer_name: 'Ada Admin',
        signer_title: 'CTO',
        ip: '192.0.2.1',
        user_agent: 'Mozilla/5.0',
        created_at: now.toISOString(),
        text: '# NDA\n\nVersion 2026-11-28\n',
      });
      const body = { subject: 'Your signed copy', text: 'Attached.', html: '<p>Attached.</p>' };
      await enqueueMail(tx, 'copy:kept', 'kept@lab.example', { ...body, attachments: ref('nda_kept') }, now);
      await enqueueMail(tx, 'copy:gone', 'gone@lab.example', { ...body, attachments: ref('nda_gone') }, now);
      await enqueueMail(tx, 'plain', 'plain@lab.example', body, now);
    });
    await createMailDelivery({
      store,
      transport,
      log: { info() {} },
      now: () => now,
      attachmentsOf: mailAttachments(store),
    }).deliver();

    const byTo = new Map((await store.mailList({})).map((mail) => [mail.to, mail]));
    expect(byTo.get('kept@lab.example')?.status).toBe('sent');
    expect(byTo.get('plain@lab.example')?.status).toBe('sent');
    expect(byTo.get('gone@lab.example')).toMatchObject({
      status: 'failed',
      last_error: 'attachment not made: nda_gone: no such NDA acceptance to attach',
      text: null,
    });
    const kept = smtp.received.find((m) => m.envelopeTo.includes('kept@lab.example'))!;
    expect(kept.mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['nda-2026-11-28-nda_kept.pdf', 'application/pdf'],
    ]);
    expect(kept.mail.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(smtp.received.find((m) => m.envelopeTo.includes('plain@lab.example'))!.mail.attachments).toEqual([]);
  } finally {
    transport.close();
    await store.close();
    await smtp.close();
  }
});
