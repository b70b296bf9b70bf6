// An NDA acceptance's signed copy, as a file: made from the acceptance record when a mail is sent or the dashboard
// downloads it, so the mail queue holds a reference (a few bytes in either store engine), never the PDF itself.
import type { MailFile } from '../mail/transport.ts';
import type { MailRecord } from '../../store/records.ts';
import type { StoreReads } from '../../store/store.ts';
import { certificateFileName, ndaCertificatePdf } from './nda-certificate.ts';

/** The organisation's own acceptance as a PDF; undefined when it has none of that id (another's is not found). */
export async function signedCopy(
  reads: StoreReads,
  orgId: string,
  acceptanceId: string,
): Promise<MailFile | undefined> {
  const [org, acceptances] = await Promise.all([reads.orgById(orgId), reads.ndaAcceptances(orgId)]);
  const acceptance = acceptances.find((record) => record.id === acceptanceId);
  if (!org || !acceptance) return undefined;
  const account = await reads.accountById(acceptance.account_id);
  const content = await ndaCertificatePdf(acceptance, { org, account });
  return { filename: certificateFileName(acceptance), contentType: 'application/pdf', content };
}

/** What the mail delivery calls for a mail that names attachments. */
export const mailAttachments =
  (reads: StoreReads) =>
  async (mail: MailRecord): Promise<MailFile[]> => {
    const files: MailFile[] = [];
    for (const ref of mail.attachments ?? []) {
      const file = await signedCopy(reads, ref.org_id, ref.acceptance_id);
      // Queued in the same write as the acceptance: missing means the store lost it, and a retry will not help.
      if (!file) throw new Error(`${ref.acceptance_id}: no such NDA acceptance to attach`);
      files.push(file);
    }
    return files;
  };
