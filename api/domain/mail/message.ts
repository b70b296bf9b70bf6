// How every message the service sends is built: plain text and HTML from the same blocks. What users wrote is
// escaped in HTML and folded to one line wherever it could reach a header (a subject, a name), so no user value
// can add a header. The messages themselves live with their concept (requests/mails.ts, samples/mails.ts).
import type { MailAttachmentRef } from '../../store/records.ts';
import { escapeHtml } from '../escape-html.ts';

/** `replyTo`: where an answer goes when the mail invites one (the sourcing lead), not the sending address. */
export type Message = {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: MailAttachmentRef[];
};

/** CR, LF and the Unicode line separators become spaces: a header stays one header. */
export const oneLine = (value: string) => value.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ').trim();

export type Block = {
  heading?: string;
  paragraphs?: string[];
  facts?: [string, string][];
  link?: { label: string; href: string };
};

/** Builds both parts from the same blocks, so they never say different things. */
export function message(subject: string, blocks: Block[]): Message {
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    if (block.heading) {
      text.push(block.heading, '');
      html.push(`<h2>${escapeHtml(block.heading)}</h2>`);
    }
    for (const paragraph of block.paragraphs ?? []) {
      text.push(paragraph, '');
      html.push(`<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`);
    }
    if (block.facts?.length) {
      for (const [label, value] of block.facts) text.push(`${label}: ${value}`);
      text.push('');
      html.push(
        `<table>${block.facts.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`,
      );
    }
    if (block.link) {
      text.push(`${block.link.label}: ${block.link.href}`, '');
      html.push(`<p><a href="${escapeHtml(block.link.href)}">${escapeHtml(block.link.label)}</a></p>`);
    }
  }
  text.push('-- ', 'Data Sourcing Service');
  return {
    subject: oneLine(subject),
    text: text.join('\n'),
    html: `<!doctype html><html><body>${html.join('\n')}<p>Data Sourcing Service</p></body></html>`,
  };
}

export const list = (values: readonly string[]) => (values.length ? values.join(', ') : '(any)');
