// The JSON store (see store.test.ts) with several instances and processes at once, a disk that refuses a write, and
// the mail queue's claims, against real files in a temp directory and real processes.
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rmdir, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, test } from 'vitest';
import type { MailRecord } from '../../api/store/records.ts';
import { openStore } from '../../api/store/open-store.ts';
import { StoreUnavailableError } from '../../api/store/store-errors.ts';
import type { Store } from '../../api/store/store.ts';
import { childEnv } from '../support/child-env.ts';
import { auditIds, auditIdsOnDisk, entry } from '../support/json-store.ts';
import { mailRecord } from '../support/records.ts';

const run = promisify(execFile);
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dss-store-'));
});

const open = () => openStore({ dataDir });
const mail = (id: string, status: MailRecord['status'], due = new Date().toISOString()) =>
  mailRecord(id, status, due);
/** Mail not yet delivered: due at once, since the test's mail is due when made and holds no lease. */
const undelivered = async (store: Pick<Store, 'dueMail'>) =>
  (await store.dueMail(new Date(Date.now() + 60_000), 1000)).map((m) => m.id).sort();
const onDisk = () => auditIdsOnDisk(dataDir);

test('a write the disk refuses is 503, and what it placed in memory is forgotten, not read and not written later', async () => {
  const store = await open();
  await store.transact((tx) => tx.insert('audit', entry('before')));
  // This process's spare for the segment becomes a folder: the next commit cannot write it.
  const spare = join(dataDir, 'db', `seg-000001.json.${process.pid}.spare`);
  await unlink(spare).catch(() => {});
  await mkdir(spare);
  await expect(
    store.transact(async (tx) => {
      await tx.insert('audit', entry('refused'));
      await tx.update('audit', 'before', { detail: 'refused change' });
    }),
  ).rejects.toThrow(StoreUnavailableError);
  expect(await store.auditLog({})).toMatchObject([{ id: 'before', detail: null }]);
  await rmdir(spare);
  await store.transact((tx) => tx.insert('audit', entry('after')));
  for (const reader of [store, await open()]) {
    const records = await reader.auditLog({});
    expect(records.map((record) => record.id).sort()).toEqual(['after', 'before']);
    expect(records.find((record) => record.id === 'before')?.detail).toBeNull();
  }
});

test('a claim takes due mail by next attempt, and mail due at the same time in the order it was queued', async () => {
  const store = await open();
  const now = Date.now();
  const queued = (id: string, minutes: number) =>
    mail(id, 'queued', new Date(now + minutes * 60_000).toISOString());
  // Ids that do not sort in the order they come in (as hashed ids do), many waiting, a few due earlier.
  const burst = Array.from({ length: 300 }, (_, i) => `m${(i * 7919) % 1000}`);
  await store.transact(async (tx) => {
    for (let i = 0; i < 500; i++) await tx.insert('mail', queued(`later${i}`, 30));
    for (const id of burst) await tx.insert('mail', queued(id, -1));
    await tx.insert('mail', queued('earliest', -2));
  });
  const claim = () =>
    store.transact(async (tx) =>
      (await tx.lease('mail', new Date(now), 64, new Date(now + 60_000).toISOString())).map((m) => m.id),
    );
  expect(await claim()).toEqual(['earliest', ...burst.slice(0, 63)]);
  expect(await claim()).toEqual(burst.slice(63, 127));
  expect(await (await open()).dueMail(new Date(now), 3)).toMatchObject(
    burst.slice(127, 130).map((id) => ({ id })),
  );
});

test('undelivered mail is tracked through sends, other instances and reopening', async () => {
  const sender = await open();
  const other = await open();
  await sender.transact(async (tx) => {
    await tx.insert('mail', mail('m1', 'queued'));
    await tx.insert('mail', mail('m2', 'queued'));
    await tx.insert('mail', mail('m3', 'sent'));
    // Inside the transaction, its own changes count.
    expect(await undelivered(tx)).toEqual(['m1', 'm2']);
  });
  expect(await undelivered(sender)).toEqual(['m1', 'm2']);
  await sender.transact((tx) => tx.update('mail', 'm1', { status: 'sending' }));
  await sender.transact((tx) => tx.update('mail', 'm2', { status: 'sent' }));
  expect(await undelivered(sender)).toEqual(['m1']);
  expect(await undelivered(other)).toEqual(['m1']);
  await other.transact((tx) => tx.update('mail', 'm1', { status: 'failed' }));
  expect(await undelivered(sender)).toEqual([]);
  await other.transact((tx) => tx.insert('mail', mail('m4', 'queued')));
  expect(await undelivered(await open())).toEqual(['m4']);
});

describe('several instances and processes', () => {
  test('two instances write at once, none loses the other; a reader sees a write at once', async () => {
    const a = await open();
    const b = await open();
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? a : b).transact(async (tx) => {
          await tx.insert('audit', entry(`x${i}`));
          await tx.insert('orgs', { id: `org_${i}` } as never);
        }),
      ),
    );
    for (const store of [a, b]) {
      expect(await auditIds(store)).toHaveLength(100);
      expect(await store.orgs()).toHaveLength(100);
    }
    await a.transact((tx) => tx.insert('audit', entry('fresh')));
    expect(await auditIds(b)).toContain('fresh');
  });

  test('four processes writing 150 records each at once: all 600 are stored', async () => {
    const writers = ['p1', 'p2', 'p3', 'p4'].map((tag) =>
      run(process.execPath, ['test/fixtures/store-writer.ts', dataDir, tag, '150', '3'], { env: childEnv() }),
    );
    const outputs = await Promise.all(writers);
    const acknowledged = outputs.flatMap((o) => o.stdout.trim().split('\n'));
    expect(acknowledged).toHaveLength(600);
    expect((await onDisk()).sort()).toEqual(acknowledged.sort());
  }, 60_000);

  test('kill -9 in the middle of writes: the store parses and holds every acknowledged record', async () => {
    for (let round = 0; round < 2; round++) {
      const child = spawn(
        process.execPath,
        ['test/fixtures/store-writer.ts', dataDir, `k${round}`, '100000', '8'],
        {
          env: childEnv(),
        },
      );
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      // Kill once it is busy writing. (After the previous round's kill the lock may be held by a dead process:
      // its holder is recorded in it, so the next writer takes it over at once.)
      const busy = Date.now() + 15_000;
      while (out.split('\n').length < 200 + round * 37 && Date.now() < busy)
        await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      // Only whole lines were acknowledged: the kill may cut the last one.
      const acknowledged = out.split('\n').slice(0, -1);
      expect(acknowledged.length).toBeGreaterThan(100);
      const stored = new Set(await auditIds(await open())); // every file parses, or open() throws
      for (const id of acknowledged) expect(stored.has(id), id).toBe(true);
    }
  }, 60_000);
});
