// What a lab types reaches the operator's terminal shown, never obeyed (issue 41, item 14): control characters and
// bidi overrides as \u escapes, a value's own line breaks as \n; and a webhook URL holding them is refused.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { webhookSchema } from '../../api/domain/webhooks/webhook-schema.ts';
import { humanize, table, visible } from '../../scripts/ops/output.ts';

const ESC = '\u001b';
const RLO = '\u202e';
const CSI = '\u009b';

test.each([
  [`red ${ESC}[31mtext`, 'red \\u001b[31mtext'],
  [`evil${RLO}gpj.exe`, 'evil\\u202egpj.exe'],
  [`a${CSI}2Jb`, 'a\\u009b2Jb'],
  ['nul\u0000here', 'nul\\u0000here'],
  ['plain text, ünïcode and “quotes”', 'plain text, ünïcode and “quotes”'],
])('%j prints as %j', (typed, shown) => {
  expect(visible(typed)).toBe(shown);
});

test('a value cannot forge a line of its own in a record or a table', () => {
  const record = { id: 'req_1', status: 'received', description: `Fine.\nstatus: closed${ESC}[8m` };
  const lines = humanize(record).split('\n');
  expect(lines).toEqual(['id: req_1', 'status: received', 'description: Fine.\\nstatus: closed\\u001b[8m']);
  const rows = table([record], ['id', 'description']).split('\n');
  expect(rows).toHaveLength(2);
  expect(rows[1]).not.toContain(ESC);
});

test('escaped JSON is the same JSON', () => {
  const value = { name: `Lab${RLO}${CSI}` };
  expect(JSON.parse(visible(JSON.stringify(value)))).toEqual(value);
});

test.each([
  [`https://hooks.example.com/${ESC}[31m`],
  [`https://hooks.example.com/a${RLO}b`],
  ['https://hooks.example.com/\u0000'],
])('a webhook URL with hidden characters (%j) is refused, naming url', (url) => {
  const parsed = webhookSchema.safeParse({ url });
  expect(parsed.success).toBe(false);
  expect(parsed.error!.issues[0]!.path).toEqual(['url']);
});

test('a webhook URL is stored as parsed', () => {
  expect(webhookSchema.parse({ url: 'HTTPS://Hooks.Example.com:443/a/../dss' }).url).toBe(
    'https://hooks.example.com/dss',
  );
});

test('the CLI prints a name with escapes in it as text, on a terminal and in JSON', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-terminal-'));
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['scripts/ops.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, SITE_URL: 'http://localhost:4321' },
    });
  const name = `Evil${ESC}[2J${RLO}Lab`;
  const human = await run('org', 'create', '--name', name);
  expect(human.stdout).not.toContain(ESC);
  expect(human.stdout).not.toContain(RLO);
  expect(human.stdout).toContain('Evil\\u001b[2J\\u202eLab');
  const listed = await run('org', 'list', '--json');
  expect(listed.stdout).not.toContain(RLO);
  expect(JSON.parse(listed.stdout)[0].name).toBe(name);
});
