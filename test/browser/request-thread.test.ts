// The thread on the dashboard's request page, in Debian's Chromium with JavaScript off: the lab writes to the
// sourcing team from the page's message box (an empty message refused beside the field, what was typed kept), the
// lead answers from the CLI, and the page shows both in order; axe-clean, no sideways scroll at desktop or phone
// width (screenshots/request-thread-*.png).
import { expect, test } from 'vitest';
import { axeViolations, openBrowser, photograph, signIn } from '../support/browser.ts';
import { signedInPage } from '../support/signed-in-page.ts';
import { opsOk } from '../support/ops.ts';
import { mailTo, selfServeSuite, sessionCall } from '../support/self-serve.ts';

const suite = selfServeSuite('Thread Lab');
const browser = signedInPage(suite, { javaScriptEnabled: false });

test('the lab writes from the page, the lead answers, the page shows the thread in order', async () => {
  const { page } = browser;
  const created = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/requests', {
    method: 'POST',
    body: {
      data_types: ['call_audio'],
      languages: ['Spanish'],
      description: 'Spanish call-centre audio, both channels.',
    },
  });
  const id = created.body.data.id as string;
  const url = `${suite.ctx.server.url}/dashboard/requests/${id}/`;
  await page.goto(url);
  expect(await page.getByText('No messages yet.').count()).toBe(1);

  const box = page.getByLabel('Write to the sourcing team');
  await box.fill('   '); // blanks only: nothing to send
  await page.getByRole('button', { name: 'Send the message' }).click();
  expect(await page.locator('#field-body-error').textContent()).toContain(
    'Write your message to the sourcing team first.',
  );
  await box.fill('Could the calls include the agent side too?');
  await page.getByRole('button', { name: 'Send the message' }).click();
  await page.getByText('Your message is sent').waitFor();
  await mailTo(suite.ctx.smtp, 'sourcing@localhost', /Thread Lab wrote about data request/);

  await opsOk(suite.ctx.operator, 'requests', 'reply', id, '--message', 'Yes: both channels, in stereo.');
  await page.goto(url);
  const thread = page.locator('ol.thread li');
  expect(await thread.allTextContents()).toEqual([
    expect.stringMatching(/Your organisation\s*Could the calls include the agent side too\?/),
    expect.stringMatching(/Sourcing team\s*Yes: both channels, in stereo\./),
  ]);
  // axe runs as a script: the same page, read by a browser with JavaScript on.
  const reader = await openBrowser();
  try {
    await signIn(reader.context, suite.lab.cookie, suite.ctx.siteUrl);
    const read = await reader.context.newPage();
    await read.goto(url);
    expect(await axeViolations(read)).toEqual([]);
    expect(await photograph(read, 'request-thread', () => read.goto(url))).toEqual({ desktop: 0, phone: 0 });
  } finally {
    await reader.close();
  }
}, 60_000);
