// The API guide renders the Markdown code spans of the API's descriptions (CommonMark's rules), escaping the rest.
import { expect, test } from 'vitest';
import { inlineMarkdown } from '../../src/lib/inline-markdown.ts';

test.each([
  ['as `sort` asks', 'as <code>sort</code> asks'],
  [
    '422 `invalid`, and `geography=Germany,Austria`',
    '422 <code>invalid</code>, and <code>geography=Germany,Austria</code>',
  ],
  ['no code here', 'no code here'],
  ['`<script>` & "quotes"', '<code>&lt;script&gt;</code> &amp; &quot;quotes&quot;'],
  ['Bearer <API_KEY>', 'Bearer &lt;API_KEY&gt;'],
  ['`` a`b ``', '<code>a`b</code>'],
  ['` `` `', '<code>``</code>'],
  ['an `unclosed span', 'an `unclosed span'],
  ['``two` then one`', '``two<code> then one</code>'],
  ['`a\nb`', '<code>a b</code>'],
])('%j → %j', (markdown, html) => {
  expect(inlineMarkdown(markdown)).toBe(html);
});
