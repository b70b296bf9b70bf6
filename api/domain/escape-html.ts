// Text as HTML text or attribute value: the five characters HTML gives meaning to, as entities. For mail bodies
// (mail/message.ts) and the API guide's rendered descriptions (src/lib/inline-markdown.ts).
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
