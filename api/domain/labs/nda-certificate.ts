// The signed copy of an NDA acceptance: a PDF (pdf-lib) of the text accepted, then a signing certificate page
// (version, SHA-256 of the text, signer, title, organisation, account, time, IP, user agent), as Documenso's signing
// certificates are. The exact text travels inside as an attached file, so the hash can be checked byte for byte.
// Made from the acceptance record whenever it is needed (a mail being sent, a download): nothing is stored twice.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Account, NdaAcceptanceRecord, Org } from '../../store/records.ts';

const PAGE: [number, number] = [595.28, 841.89]; // A4
const MARGIN = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;

export type CertificateParties = { org: Org; account: Account | undefined };

/** The file name a copy is sent and downloaded under. */
export const certificateFileName = (acceptance: NdaAcceptanceRecord) =>
  `nda-${acceptance.version}-${acceptance.id}.pdf`;

/** The certificate's facts, in the order printed. */
export function certificateFacts(acceptance: NdaAcceptanceRecord, { org, account }: CertificateParties) {
  return [
    ['Acceptance', acceptance.id],
    ['NDA version', acceptance.version],
    ['SHA-256 of the text', acceptance.sha256],
    ['Signer', acceptance.signer_name],
    ['Title', acceptance.signer_title],
    ['Organisation', `${org.name} (${org.id})`],
    ['Account', account ? `${account.email} (${account.id})` : acceptance.account_id],
    ['Accepted at (UTC)', acceptance.created_at],
    ['IP address', acceptance.ip],
    ['User agent', acceptance.user_agent || '(none sent)'],
  ] as const;
}

/** Lays out lines top to bottom, starting a page when one is full. */
function writer(pdf: PDFDocument, fonts: { regular: PDFFont; bold: PDFFont }) {
  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  // The standard fonts encode WinAnsi only: any other character prints as "?" (the attached text keeps it exactly).
  const printable = (font: PDFFont, text: string) => {
    const known = new Set(font.getCharacterSet());
    return [...text].map((c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('');
  };
  const wrap = (font: PDFFont, size: number, text: string, width: number) => {
    const lines: string[] = [];
    let line = '';
    for (const word of printable(font, text).split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else lines.push(line), (line = word);
      // A word wider than the line (a hash, a user agent) is cut where it must be.
      while (font.widthOfTextAtSize(line, size) > width) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) lines.push(line);
    return lines;
  };
  return {
    newPage() {
      page = pdf.addPage(PAGE);
      y = PAGE[1] - MARGIN;
    },
    text(text: string, options: { size?: number; bold?: boolean; x?: number; gap?: number } = {}) {
      const size = options.size ?? 10;
      const font = options.bold ? fonts.bold : fonts.regular;
      const x = MARGIN + (options.x ?? 0);
      for (const line of wrap(font, size, text, WIDTH - (options.x ?? 0))) {
        if (y < MARGIN + size) this.newPage();
        y -= size * 1.35;
        page.drawText(line, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      }
      y -= options.gap ?? size * 0.6;
    },
  };
}

/** The text accepted, as Markdown: headings set larger, each paragraph wrapped. */
function writeText(out: ReturnType<typeof writer>, markdown: string) {
  for (const block of markdown.split(/\n{2,}/)) {
    const heading = /^(#{1,3}) (.*)$/.exec(block.trim());
    if (heading) out.text(heading[2]!, { size: heading[1]!.length === 1 ? 16 : 12, bold: true, gap: 4 });
    else for (const item of block.split(/\n(?=\d+\. )/)) out.text(item.replace(/\s*\n\s*/g, ' '));
  }
}

export async function ndaCertificatePdf(
  acceptance: NdaAcceptanceRecord,
  parties: CertificateParties,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const signedAt = new Date(acceptance.created_at);
  pdf.setTitle(`NDA version ${acceptance.version}, accepted by ${parties.org.name}`);
  pdf.setSubject(`SHA-256 ${acceptance.sha256}`);
  pdf.setProducer('Data Sourcing Service');
  pdf.setCreator('Data Sourcing Service');
  // Dated by the acceptance, not by when it is made: the same acceptance gives the same document.
  pdf.setCreationDate(signedAt);
  pdf.setModificationDate(signedAt);
  const out = writer(pdf, fonts);
  const text = acceptance.text;
  if (text) {
    writeText(out, text);
    await pdf.attach(new TextEncoder().encode(text), `nda-${acceptance.version}.md`, {
      mimeType: 'text/markdown',
      description: `The text accepted; its SHA-256 is ${acceptance.sha256}`,
      creationDate: signedAt,
      modificationDate: signedAt,
    });
    out.newPage();
  }
  const facts = certificateFacts(acceptance, parties);
  // The certificate's values exactly, whatever the standard fonts can print (a signer's name in any script).
  const exact = JSON.stringify(Object.fromEntries(facts), null, 2);
  await pdf.attach(new TextEncoder().encode(exact), 'certificate.json', {
    mimeType: 'application/json',
    description: 'The signing certificate, as recorded',
    creationDate: signedAt,
    modificationDate: signedAt,
  });
  out.text('Signing certificate', { size: 16, bold: true, gap: 10 });
  for (const [label, value] of facts) {
    out.text(label, { bold: true, size: 9, gap: 1 });
    out.text(value, { x: 12, gap: 8 });
  }
  out.text(
    text
      ? `The text above is attached to this PDF as nda-${acceptance.version}.md; its SHA-256 is the one certified here. These values are attached exactly as recorded as certificate.json (a character this page cannot print shows as "?"). The acceptance was made by clicking through on the Data Sourcing Service's dashboard, signed in as the account named.`
      : 'This acceptance was recorded before the service kept the text accepted; the SHA-256 above identifies it.',
    { size: 9, gap: 0 },
  );
  return pdf.save({ useObjectStreams: false });
}
