// Local defaults agree (issue 41 item 6, contract §14): with SITE_URL unset the site is http://localhost:<PORT>,
// even for PORT=0 (the port the server got); the server prints that address, its mail links use it, and the
// site's forms work whether the browser opened localhost or 127.0.0.1 at that port. The process is the subject.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { mailTo, signinLinkIn } from '../support/self-serve.ts';
import { makeLab } from '../support/lab.ts';

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let port: string;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ PORT: '0', SMTP_URL: smtp.url }); // no SITE_URL
  port = new URL(server.url).port;
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const postForm = (path: string, origin: string, fields: Record<string, string>) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams(fields),
  });

test('PORT=0 without SITE_URL: the printed address is http://localhost:<the port>, and no build warning', () => {
  expect(Number(port)).toBeGreaterThan(0);
  const listening = server
    .stdout()
    .split('\n')
    .find((line) => line.includes('"msg":"listening"'))!;
  // `url`, the address to open, is the one links use; `listen`, the socket's.
  expect(JSON.parse(listening)).toMatchObject({
    url: `http://localhost:${port}`,
    site: `http://localhost:${port}`,
    listen: `http://127.0.0.1:${port}`,
  });
  expect(server.stdout()).not.toContain('the build links to');
});

test('the forms work from localhost and from 127.0.0.1 at that port; another origin is refused', async () => {
  const lab = await makeLab(server.dataDir, 'Loopback Lab');
  for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) {
    const asked = await postForm('/signin/', origin, { email: lab.email });
    expect(asked.status, origin).toBe(200);
    expect(await asked.text()).toContain('Check your inbox');
  }
  for (const origin of ['http://evil.example', `http://127.0.0.1:${Number(port) + 1}`]) {
    expect((await postForm('/signin/', origin, { email: lab.email })).status, origin).toBe(403);
  }
  // The links in mail name the same address the server printed.
  const link = signinLinkIn(await mailTo(smtp, lab.email, /sign-in link/));
  expect(new URL(link).origin).toBe(`http://localhost:${port}`);
});
