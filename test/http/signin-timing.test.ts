// Sign-in time must not tell whether an address has an account (issue 41 item 7, contract §8): the answer of
// POST /api/v1/session/link and of the /signin/ form does not wait for the work only a known address causes (the
// token, the mail); that work runs after the answer and is not lost. Known and unknown addresses are asked for in
// turn, in the same run, and their medians compared as a ratio: the old code's known address took 2.5 times as long.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeLab } from '../support/lab.ts';
import { mailsTo, startSelfServe, type SelfServe } from '../support/self-serve.ts';

const LABS = 15; // an address gets 5 links in 15 minutes: 4 asks each, all of them causing the work
const ROUNDS = 30; // per door: 30 known and 30 unknown asks, in pairs
/**
 * The median of the pairs' known-over-unknown ratios. The old code measured 1.5 to 3.5 here with the disk's fsync
 * as it usually is (the issue: 19.9 ms against 7.9 ms); answered alike, 0.8 to 1.35 at a load average of 20 on
 * two cores: a pair's ratio cancels most of the machine's noise, its median the rest.
 */
const MOST = 1.6;

let ctx: SelfServe;
let known: string[];
let client = 0;
beforeAll(async () => {
  // Each ask from an address of its own (TRUST_PROXY): the per-address limit is 10 in 10 minutes. A process of
  // its own: a client on the server's event loop would wait out the server's after-answer work as if it were
  // the answer's.
  ctx = await startSelfServe({ TRUST_PROXY: 'true' }, { asProcess: true });
  known = [];
  for (let i = 0; i < LABS; i++) known.push((await makeLab(ctx.server.dataDir, `Timing Lab ${i}`)).email);
});
afterAll(() => ctx?.stop());

const headers = () => ({ 'X-Forwarded-For': `10.41.${client >> 8}.${client++ & 255}` });

const DOORS = {
  api: (email: string) =>
    fetch(`${ctx.server.url}/api/v1/session/link`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers() },
      body: JSON.stringify({ email }),
    }),
  form: (email: string) =>
    fetch(`${ctx.server.url}/signin/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ctx.siteUrl, ...headers() },
      body: new URLSearchParams({ email }),
    }),
};

/** One ask, timed; then a pause until what it set off (the token, the mail and its sending) is over. */
async function timed(ask: (email: string) => Promise<Response>, email: string, mails = 0): Promise<number> {
  const start = performance.now();
  const response = await ask(email);
  await response.arrayBuffer();
  const ms = performance.now() - start;
  expect(response.status).toBeLessThan(300);
  const until = Date.now() + 15_000;
  while (mailsTo(ctx.smtp, email).length < mails && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 10));
  // The mail's record is written once it is sent: that write must not land on the next ask's time.
  await new Promise((resolve) => setTimeout(resolve, mails ? 200 : 50));
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test('known and unknown addresses are answered in the same time, at both doors; the known get their mail', async () => {
  const ratios: Record<string, number> = {};
  let asked = 0;
  for (const [door, ask] of Object.entries(DOORS)) {
    await timed(ask, 'warm.up@lab.example');
    const times = { known: [] as number[], unknown: [] as number[], ratios: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const email = known[asked % LABS]!;
      const mails = Math.floor(asked++ / LABS) + 1; // this address's links so far, this one included
      const stranger = `nobody.${door}.${round}.${Date.now()}@lab.example`;
      // In turn, which goes first alternating: a slow moment of the machine falls on both alike.
      if (round % 2) times.unknown.push(await timed(ask, stranger));
      times.known.push(await timed(ask, email, mails));
      if (!(round % 2)) times.unknown.push(await timed(ask, stranger));
      times.ratios.push(times.known.at(-1)! / times.unknown.at(-1)!);
    }
    ratios[door] = median(times.ratios);
    console.log(
      door,
      'median ratio',
      ratios[door].toFixed(2),
      'known slower in',
      times.ratios.filter((r) => r > 1).length,
      'median known',
      median(times.known).toFixed(1),
      'ms, unknown',
      median(times.unknown).toFixed(1),
      'ms',
    );
  }
  expect(ratios.api).toBeLessThan(MOST);
  expect(ratios.form).toBeLessThan(MOST);
  // Not lost: every known address gets the four links it asked for; no stranger gets one.
  const until = Date.now() + 20_000;
  while (known.some((email) => mailsTo(ctx.smtp, email).length < 4) && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(known.map((email) => mailsTo(ctx.smtp, email).length)).toEqual(known.map(() => 4));
  expect(ctx.smtp.received.filter((m) => m.envelopeTo.some((to) => to.startsWith('nobody.')))).toEqual([]);
}, 120_000);
