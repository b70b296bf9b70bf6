// The operator CLI reads like the desk (contract §13): organisation names beside ids in every table, --org by name
// (any case) or id with an ambiguous name refused listing the candidates, and `requests show` as readable text with
// the request, its matches and its whole thread in order; --json keeps every field.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { postLabMessage } from '../../api/domain/requests/thread.ts';
import { openStore } from '../../api/store/open-store.ts';
import { main } from '../../scripts/ops.ts';
import { childEnv } from '../support/child-env.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import { storeEnv } from '../support/store-env.ts';

let dataDir: string;
let env: Record<string, string>;
let helix: Lab;
let twinA: Lab;
let twinB: Lab;

/** The CLI as a person runs it (no --json), in process: its exit code, stdout and stderr. */
async function forPeople(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    env: childEnv(env),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dss-ops-desk-'));
  env = { DATA_DIR: dataDir, SITE_URL: 'http://dss.example', ...(await storeEnv(dataDir)) };
  helix = await makeLab(env, 'Helix Speech Labs');
  twinA = await makeLab(env, 'Northwind Audio');
  twinB = await makeLab(env, 'northwind  audio');
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

test('--org takes a name in any case and spacing, or an id', async () => {
  const byName = await forPeople('nda', 'accept', '--org', '  helix SPEECH labs ');
  expect(byName.code, byName.stderr).toBe(0);
  expect(byName.stdout).toContain(helix.orgId);
  const byId = await opsOk(env, 'key', 'list', '--org', helix.orgId);
  expect(byId.map((k: { id: string }) => k.id)).toEqual([helix.keyId]);
});

test('an ambiguous name exits 1 naming each candidate with its id; an unknown one suggests the nearest', async () => {
  const ambiguous = await forPeople('key', 'list', '--org', 'Northwind Audio');
  expect(ambiguous.code).toBe(1);
  expect(ambiguous.stderr).toContain(`Northwind Audio (${twinA.orgId})`);
  expect(ambiguous.stderr).toContain(`northwind  audio (${twinB.orgId})`);
  expect(ambiguous.stdout).toBe('');
  const unknown = await forPeople('nda', 'verify', '--org', 'Helix Speach Labs');
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain(`did you mean "Helix Speech Labs" (${helix.orgId})`);
});

/** A data request of Helix's as the store holds one, and a lab message on it (the domain's own function). */
async function requestWithMessage(): Promise<string> {
  const store = await openStore({ dataDir, databaseUrl: env.DATABASE_URL || undefined });
  const id = `req_cli${Date.now()}`;
  const now = new Date();
  try {
    await store.transact(async (tx) => {
      await tx.insert('requests', {
        id,
        org_id: helix.orgId,
        account_id: helix.accountId,
        key_id: helix.keyId,
        status: 'received',
        created_at: now.toISOString(),
        reply_due_at: new Date(now.getTime() + 86_400_000).toISOString(),
        replied_at: null,
        data_types: ['call_audio'],
        languages: ['Spanish'],
        domains: [],
        volume: null,
        timeline: null,
        exclusivity: null,
        description: 'Spanish call audio for the CLI reading test.',
        publish_to_demand_board: false,
      });
      const lab = { orgId: helix.orgId, accountId: helix.accountId };
      const config = { siteUrl: new URL('http://dss.example'), sourcingLeadEmail: 'lead@x.example' };
      await postLabMessage(tx, id, lab, 'Do you have the agent channel too?', now, config);
    });
  } finally {
    await store.close();
  }
  return id;
}

test('every table with an organisation shows its name beside its id; --json has it too', async () => {
  const id = await requestWithMessage();
  await opsOk(env, 'requests', 'note', id, '--message', 'Audited note');
  for (const args of [
    ['requests', 'list'],
    ['audit', 'list'],
    ['audit', 'list', '--org', 'HELIX speech labs'],
  ]) {
    const { code, stdout } = await forPeople(...args);
    expect(code).toBe(0);
    const [header, ...rows] = stdout.trimEnd().split('\n');
    expect(header!.split(/\s{2,}/), args.join(' ')).toContain('org_name');
    expect(rows.join('\n')).toMatch(new RegExp(`${helix.orgId}\\s+Helix Speech Labs`));
  }
  const json = await opsOk(env, 'requests', 'list');
  expect(json[0]).toMatchObject({ id, org_id: helix.orgId, org_name: 'Helix Speech Labs' });
});

test('requests show reads as text: the request, its matches, the whole thread in order', async () => {
  const id = await requestWithMessage();
  await opsOk(env, 'requests', 'reply', id, '--message', 'Yes, both channels.');
  await opsOk(env, 'requests', 'note', id, '--message', 'Budget is tight: offer the subset.');
  await opsOk(env, 'requests', 'move', id, 'proposal_sent', '--message', 'Proposal attached.');
  const { code, stdout } = await forPeople('requests', 'show', id);
  expect(code).toBe(0);
  expect(stdout.split('\n')[0]).toBe(`${id}  Proposal sent  Helix Speech Labs (${helix.orgId})`);
  expect(stdout).toContain('Listings that fit:');
  const thread = stdout.slice(stdout.indexOf('Thread:'));
  const order = [
    'Received',
    'The lab wrote',
    'Do you have the agent channel too?',
    'Sourcing team replied',
    'Yes, both channels.',
    'Internal note by Sourcing team (never shown to the lab)',
    'Budget is tight: offer the subset.',
    'Moved to proposal sent',
    'Proposal attached.',
  ];
  const places = order.map((part) => thread.indexOf(part));
  expect(
    places.every((place) => place >= 0),
    thread,
  ).toBe(true);
  expect([...places].sort((a, b) => a - b)).toEqual(places);
  expect(thread.match(/Yes, both channels\./g)).toHaveLength(1); // a reply is one entry, not its event too
  const json = await opsOk(env, 'requests', 'show', id);
  expect(json.events).toHaveLength(3);
  expect(json.messages.map((m: { from: string }) => m.from)).toEqual(['lab', 'sourcing']);
  expect(json.notes).toHaveLength(1);
});
