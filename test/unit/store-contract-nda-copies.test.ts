// Issue 42's record fields, held to the same promises by every engine (beside store-contract.test.ts): an NDA
// acceptance keeps its text whole, a mail keeps the attachments it names through a lease (a sender claiming it)
// and after it is sent, and an audit entry keeps who downloaded and from where. Records are whole documents in
// both engines, so these need no migration: this is what proves it.
import { describe, expect, test } from 'vitest';
import type { AuditRecord, NdaAcceptanceRecord, Org } from '../../api/store/records.ts';
import { ENGINES } from '../support/engines.ts';
import { mailRecord } from '../support/records.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 9, minute)).toISOString();
const org: Org = {
  id: 'org_copy',
  name: 'Copy Lab',
  created_at: at(0),
  nda: { state: 'none', accepted_at: null, verified_at: null, revoked_at: null },
};
// Characters a counsel's text and a signer's name may hold, which a careless encoding would lose.
const text = '# Mutual NDA\n\nVersion 2026-11-28\n\n1. Zoë Łukasz 李 Ltd, of “1 Rue d’Été”; and\n';
const acceptance: NdaAcceptanceRecord = {
  id: 'nda_copy',
  org_id: org.id,
  account_id: 'acc_copy',
  version: '2026-11-28',
  sha256: 'a'.repeat(64),
  signer_name: 'Zoë Łukasz',
  signer_title: 'General Counsel',
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0',
  created_at: at(1),
  text,
};
const download: AuditRecord = {
  id: 'aud_copy',
  at: at(2),
  kind: 'sample_download',
  org_id: org.id,
  key_id: null,
  account_id: 'acc_copy',
  ip: '2001:db8::7',
  listing_id: 'us-auto-insurance-claims-calls',
  detail: 'smp_copy (dashboard)',
};
const attachments = [{ kind: 'nda_certificate', org_id: org.id, acceptance_id: acceptance.id }] as const;

describe.each(ENGINES)('the $name engine: NDA copies and download audit (issue 42)', ({ skip, place }) => {
  test.skipIf(skip)(
    'an acceptance keeps its text, a mail its attachments, an audit entry who and where',
    async () => {
      const open = await place();
      const store = await open();
      await store.transact(async (tx) => {
        await tx.insert('orgs', org);
        await tx.insert('nda_acceptances', acceptance);
        await tx.insert('audit', download);
        await tx.insert('mail', mailRecord('mail_copy', 'queued', at(0), { attachments: [...attachments] }));
      });
      // A sender's claim returns the mail with what it must attach.
      const claimed = await store.transact((tx) => tx.lease('mail', new Date(at(5)), 10, at(6)));
      expect(claimed.map((m) => m.attachments)).toEqual([attachments]);
      await store.transact((tx) =>
        tx.update('mail', 'mail_copy', { status: 'sent', text: null, html: null }),
      );
      await store.close();

      const reopened = await open(); // as a restarted process reads them
      expect(await reopened.ndaAcceptances(org.id)).toEqual([acceptance]);
      expect(await reopened.auditLog({ orgId: org.id })).toEqual([download]);
      expect((await reopened.mailById('mail_copy'))?.attachments).toEqual(attachments);
      await reopened.close();
    },
  );
});
