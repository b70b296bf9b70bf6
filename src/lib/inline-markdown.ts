// The API's descriptions are written once, in Markdown (OpenAPI's descriptions are CommonMark, and llms.txt shows
// them as they are); the HTML guide renders the one construct they use, code spans, and escapes everything else.
// https://spec.commonmark.org/0.31.2/#code-spans
import { escapeHtml } from '../../api/domain/escape-html.ts';

/**
 * Text with Markdown code spans as HTML: `` `sort` `` becomes `<code>sort</code>`; everything is escaped, so the
 * result is safe to set as HTML. A run of backticks without its closing run of the same length stays literal.
 */
export function inlineMarkdown(text: string): string {
  let html = '';
  let at = 0;
  // A backtick run, then the shortest stretch up to a run of exactly the same length.
  const span = /(?<!`)(`+)(?!`)([\s\S]*?)(?<!`)\1(?!`)/g;
  for (const match of text.matchAll(span)) {
    let code = match[2]!.replace(/\n/g, ' ');
    // One space on each side is stripped, so that `` ` `` can hold a backtick (unless the span is all spaces).
    if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '')
      code = code.slice(1, -1);
    html += `${escapeHtml(text.slice(at, match.index))}<code>${escapeHtml(code)}</code>`;
    at = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(at));
}
