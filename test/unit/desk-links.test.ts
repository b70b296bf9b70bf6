// Desk sign-in links and organisations by name (contract §13, §14) on a real store: a link only for current staff,
// looked at without being used, used once, dead after 15 minutes or once its member is removed, at most five per
// address per window; an organisation by name in any case, a misspelt one naming the closest, several listing ids.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { peekDeskLink, redeemDeskLink, requestDeskLink } from '../../api/domain/desk/desk-links.ts';
import { orgByName } from '../../api/domain/desk/org-by-name.ts';
import { addStaff, removeStaff } from '../../api/domain/desk/staff.ts';
import { createOrg } from '../../api/domain/labs/organisations.ts';
import { DomainError } from '../../api/errors.ts';
import { openStore } from '../../api/store/open-store.ts';

const site = new URL('http://localhost:4321');
const t0 = new Date('2026-11-20T09:00:00Z');
const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

async function store() {
  return openStore({ dataDir: await mkdtemp(join(tmpdir(), 'dss-desk-links-')) });
}

/** The token of the newest desk link mailed to `to`. */
async function tokenMailedTo(s: Awaited<ReturnType<typeof store>>, to: string): Promise<string> {
  const mail = (await s.mailList({})).find((m) => m.to === to && m.event.startsWith('desk-signin:'))!;
  return /token=([\w-]+)/.exec(mail.text!)![1]!;
}

test('a link for current staff only, peeked without use, used once, dead when old or its member removed', async () => {
  const s = await store();
  await s.transact((tx) => addStaff(tx, { email: 'a@desk.example', name: 'A', role: 'admin' }, t0));
  await s.transact((tx) => addStaff(tx, { email: 'b@desk.example', name: 'B', role: 'lead' }, t0));
  await s.transact((tx) => requestDeskLink(tx, 'stranger@desk.example', site, t0));
  expect(await s.mailList({})).toHaveLength(0);

  await s.transact((tx) => requestDeskLink(tx, 'a@desk.example', site, t0, '/desk/requests/'));
  const token = await tokenMailedTo(s, 'a@desk.example');
  expect((await s.mailList({}))[0]!.text).toContain('next=%2Fdesk%2Frequests%2F');
  expect((await peekDeskLink(s, token, later(1))).ok).toBe(true);
  expect((await peekDeskLink(s, token, later(1))).ok).toBe(true); // looking uses nothing
  expect(await peekDeskLink(s, token, later(16))).toEqual({ ok: false, reason: 'expired' });
  expect((await s.transact((tx) => redeemDeskLink(tx, token, later(2)))).ok).toBe(true);
  expect(await s.transact((tx) => redeemDeskLink(tx, token, later(3)))).toEqual({
    ok: false,
    reason: 'used',
  });

  await s.transact((tx) => requestDeskLink(tx, 'b@desk.example', site, t0));
  const other = await tokenMailedTo(s, 'b@desk.example');
  await s.transact((tx) => removeStaff(tx, 'b@desk.example', later(1)));
  expect(await peekDeskLink(s, other, later(2))).toEqual({ ok: false, reason: 'invalid' });
  await s.close();
});

test('five links per address per 15-minute window', async () => {
  const s = await store();
  await s.transact((tx) => addStaff(tx, { email: 'a@desk.example', name: 'A', role: 'admin' }, t0));
  for (let i = 0; i < 7; i++) await s.transact((tx) => requestDeskLink(tx, 'a@desk.example', site, later(i)));
  expect(await s.mailList({})).toHaveLength(5);
  await s.transact((tx) => requestDeskLink(tx, 'a@desk.example', site, later(15)));
  expect(await s.mailList({})).toHaveLength(6);
  await s.close();
});

test('an organisation by name: any case, the closest when misspelt, the ids when several', async () => {
  const s = await store();
  const helix = await s.transact((tx) => createOrg(tx, 'Helix Speech Labs', t0));
  expect((await orgByName(s, ' helix SPEECH labs ')).id).toBe(helix.id);
  expect((await orgByName(s, helix.id)).id).toBe(helix.id);
  const misspelt = await orgByName(s, 'Helx Speech Labs').catch((e: DomainError) => e);
  expect((misspelt as DomainError).fields?.org?.[0]).toMatch(/the closest is "Helix Speech Labs"/);
  const twin = await s.transact((tx) => createOrg(tx, 'Helix Speech Labs', t0));
  const several = await orgByName(s, 'Helix Speech Labs').catch((e: DomainError) => e);
  expect((several as DomainError).fields?.org?.[0]).toContain(twin.id);
  expect((several as DomainError).fields?.org?.[0]).toContain(helix.id);
  await s.close();
});
