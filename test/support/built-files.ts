// The built site's files as a crawler reads them (test/build/feeds*.test.ts): a file's text, and what a listing's
// page says of its sample.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_CLIENT } from './dist.ts';

export const read = (path: string) => readFile(join(DIST_CLIENT, path), 'utf8');

/** What the listing page's "Get this data" box says of a sample: offered, or the outlook it shows instead. */
export function pageSample(html: string): { offered: true } | { offered: false; outlook: string } {
  if (html.includes('data-action="sample"')) return { offered: true };
  const shown =
    /<p class="meta sample-outlook" data-action="no-sample"><strong>Sample:<\/strong> ([^<]+)<\/p>/.exec(
      html,
    );
  if (!shown) throw new Error('the page neither offers a sample nor shows its outlook');
  const outlook = shown[1]!.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  return { offered: false, outlook };
}
