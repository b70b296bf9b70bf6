// `npm run screenshots` for the sourcing desk (issue 40): a staff member made with the CLI signs in as a person does
// (the form, the link from the mail in DATA_DIR/outbox, the confirm button), then the inbox and a request's page
// are photographed at 1366×900 and 390×844 into docs/screenshots/. The request has a thread to show: the lab's
// question, our reply, an internal note, an owner; and a second request's lab message waits in the inbox.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';

const DESK_VIEWPORTS = [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const;

/** The newest desk sign-in link in the outbox (quoted-printable undone). */
function deskLinkIn(dataDir: string): string | undefined {
  const outbox = join(dataDir, 'outbox');
  const texts = readdirSync(outbox).map((file) =>
    readFileSync(join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '='),
  );
  return texts
    .map((text) => /(http\S+\/desk\/signin\/callback\?token=[\w-]+(?:&amp;|&)?[^\s"<]*)/.exec(text)?.[1])
    .find(Boolean)
    ?.replace(/&amp;/g, '&');
}

export async function photographDesk(
  browser: Browser,
  url: string,
  dataDir: string,
  ops: (...args: string[]) => { id: string },
  out: string,
): Promise<void> {
  const email = 'lead@sourcing.example';
  const staff = ops('staff', 'add', '--email', email, '--name', 'Sam Sourcing', '--role', 'admin');
  type Seeded = { id: string; account_id: string; data_types: string[] };
  const seeded = ops('requests', 'list') as unknown as Seeded[];
  const request = seeded.find((r) => r.data_types.includes('call_audio'));
  const other = seeded.find((r) => r.data_types.includes('ct_study'));
  await threadFor(url, ops, request!, other!, staff.id);
  for (const [label, viewport] of DESK_VIEWPORTS) {
    const context = await browser.newContext({ viewport, colorScheme: 'light', deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${url}/desk/signin/`);
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await page.getByText('Check your inbox').waitFor();
    let link: string | undefined;
    for (const until = Date.now() + 15_000; !(link = deskLinkIn(dataDir));) {
      if (Date.now() > until) throw new Error('no desk sign-in link in the outbox');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await page.goto(link);
    await page.getByRole('button', { name: /^Sign in as/ }).click();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    for (const [name, path] of [
      ['desk-inbox', '/desk/'],
      ['desk-request', `/desk/requests/${request!.id}`],
    ] as const) {
      await page.goto(url + path);
      await page.screenshot({ path: join(out, `${name}-${label}.png`), fullPage: true });
      console.log(`wrote docs/screenshots/${name}-${label}.png`);
    }
    await context.close();
    // Each link works once: the next width asks for its own, so clear the outbox's old one from view.
    for (const file of readdirSync(join(dataDir, 'outbox'))) {
      const text = readFileSync(join(dataDir, 'outbox', file), 'utf8');
      if (text.includes('desk/signin/callback'))
        (await import('node:fs')).rmSync(join(dataDir, 'outbox', file));
    }
  }
}

/** A lab's questions (by its key, as a lab writes them), our reply, a note and an owner. */
async function threadFor(
  url: string,
  ops: (...args: string[]) => { id: string; key?: string },
  request: { id: string; account_id: string },
  other: { id: string },
  staffId: string,
): Promise<void> {
  const { key } = ops('key', 'issue', '--account', request.account_id);
  const ask = async (id: string, body: string) => {
    const response = await fetch(`${url}/api/v1/requests/${id}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ body }),
    });
    if (response.status !== 201)
      throw new Error(`a lab message: ${response.status} ${await response.text()}`);
  };
  await ask(request.id, 'Could the French calls include the agent channel too? We evaluate both sides.');
  ops(
    'requests',
    'reply',
    request.id,
    '--message',
    'Yes: both channels, 8 kHz stereo. A proposal follows this week.',
  );
  ops(
    'requests',
    'note',
    request.id,
    '--message',
    'Check the French consent wording with legal before the proposal.',
  );
  ops('requests', 'owner', request.id, staffId);
  ops('requests', 'reply', other.id, '--message', 'Two oncology sets fit; details follow.');
  await ask(other.id, 'Are the PET-CT studies paired with the reports?');
}
