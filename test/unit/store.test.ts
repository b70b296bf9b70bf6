// The store's promises (design.md), each against real files in a temp directory and real processes: the JSON
// engine, reached as everything else reaches it, through openStore and the Store interface.
import { execFile, spawn } from 'node:child_process';
import { link, mkdir, mkdtemp, readdir, readFile, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, test } from 'vitest';
import type { AuditRecord, MailRecord } from '../../api/store/records.ts';
import { LOADED_SEGMENTS, SEGMENT_MAX_RECORDS } from '../../api/store/json/layout.ts';
import { mailRecord } from '../support/records.ts';
import { openStore } from '../../api/store/open-store.ts';
import { StoreCorruptError, StoreUnavailableError } from '../../api/store/store-errors.ts';
import type { Store } from '../../api/store/store.ts';
import { childEnv } from '../support/child-env.ts';

const run = promisify(execFile);
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dss-store-'));
});

const entry = (id: string, org = 'org_a'): AuditRecord => ({
  id,
  at: new Date().toISOString(),
  kind: 'nda_disclosure',
  org_id: org,
  key_id: null,
  listing_id: 'l',
  detail: null,
});

const open = () => openStore({ dataDir });
const mail = (id: string, status: MailRecord['status'], due = new Date().toISOString()) =>
  mailRecord(id, status, due);
/** Every audit record's id, as the store reads them now. */
const auditIds = async (store: Store) => (await store.auditLog({})).map((record) => record.id);
/** Mail not yet delivered: due at once, since the test's mail is due when made and holds no lease. */
const undelivered = async (store: Pick<Store, 'dueMail'>) =>
  (await store.dueMail(new Date(Date.now() + 60_000), 1000)).map((m) => m.id).sort();

const onDisk = async () => {
  const files = (await readdir(join(dataDir, 'db'))).filter((name) => /^seg-\d+\.json$/.test(name));
  const ids: string[] = [];
  for (const file of files) {
    const segment = JSON.parse(await readFile(join(dataDir, 'db', file), 'utf8'));
    ids.push(...segment.audit.map((record: AuditRecord) => record.id));
  }
  return ids;
};

describe('one instance', () => {
  test('a transaction resolves only once its write is in the file', async () => {
    const store = await open();
    await store.transact((tx) => tx.insert('audit', entry('a1')));
    expect(await onDisk()).toEqual(['a1']);
    const reopened = await open();
    expect((await reopened.auditLog({}))[0]).toMatchObject({ id: 'a1' });
  });

  test('a transaction that throws changes nothing; the others in its batch still commit', async () => {
    const store = await open();
    const results = await Promise.allSettled([
      store.transact((tx) => tx.insert('audit', entry('kept-1'))),
      store.transact(async (tx) => {
        await tx.insert('audit', entry('dropped'));
        await tx.insert('orgs', { id: 'org_dropped' } as never);
        throw new Error('refused');
      }),
      store.transact((tx) => tx.insert('audit', entry('kept-2'))),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await auditIds(store)).not.toContain('dropped');
    expect(await store.orgs()).toEqual([]);
    expect((await onDisk()).sort()).toEqual(['kept-1', 'kept-2']);
  });

  test('transactions see the earlier ones of their batch, and concurrent ones are committed together', async () => {
    const store = await open();
    const ids = Array.from({ length: 300 }, (_, i) => `c${i}`);
    await Promise.all(ids.map((id) => store.transact((tx) => tx.insert('audit', entry(id)))));
    expect((await onDisk()).sort()).toEqual([...ids].sort());
    const head = JSON.parse(await readFile(join(dataDir, 'db', 'head.json'), 'utf8'));
    expect(head.version).toBeLessThan(30); // 300 acknowledged writes, far fewer commits
    await expect(store.transact((tx) => tx.insert('audit', entry('c0')))).rejects.toThrow(/already holds/);
  });

  test('growth goes to new segments; a write rewrites only the open one', async () => {
    const store = await open();
    const total = SEGMENT_MAX_RECORDS * 2 + 10;
    for (let i = 0; i < total; i += 50) {
      await store.transact(async (tx) => {
        for (let j = i; j < Math.min(i + 50, total); j++) await tx.insert('audit', entry(`g${j}`));
      });
    }
    const segments = (await readdir(join(dataDir, 'db'))).filter((n) => /^seg-\d+\.json$/.test(n)).sort();
    expect(segments).toEqual(['seg-000001.json', 'seg-000002.json', 'seg-000003.json']);
    const before = await Promise.all(segments.map((n) => stat(join(dataDir, 'db', n))));
    await store.transact((tx) => tx.insert('audit', entry('one-more')));
    const after = await Promise.all(segments.map((n) => stat(join(dataDir, 'db', n))));
    expect(after.map((s, i) => s.ino === before[i]!.ino)).toEqual([true, true, false]);
    expect(await auditIds(await open())).toHaveLength(total + 1);
  });

  test('rewrites reuse two inodes in turn, so none is freed (ext4 without a journal scans past freed ones)', async () => {
    const store = await open();
    const inodes = new Set<number>();
    for (let i = 0; i < 6; i++) {
      await store.transact((tx) => tx.insert('audit', entry(`r${i}`)));
      inodes.add((await stat(join(dataDir, 'db', 'seg-000001.json'))).ino);
    }
    expect(inodes.size).toBe(2);
    expect(await auditIds(await open())).toHaveLength(6);
  });

  test('what a killed write left beside the files is removed, and writing goes on', async () => {
    const store = await open();
    await store.transact((tx) => tx.insert('audit', entry('k1')));
    const db = join(dataDir, 'db');
    // A process killed after linking the old file aside, and one killed mid-write of its spare.
    await link(join(db, 'seg-000001.json'), join(db, 'seg-000001.json.999999.spare.old'));
    await writeFile(join(db, 'seg-000001.json.999998.spare'), '{"audit": [');
    const next = await open();
    await next.transact((tx) => tx.insert('audit', entry('k2')));
    await next.transact((tx) => tx.insert('audit', entry('k3')));
    const names = await readdir(db);
    expect(names.filter((n) => n.includes('99999'))).toEqual([]);
    expect((await auditIds(await open())).sort()).toEqual(['k1', 'k2', 'k3']);
  });

  test('an update rewrites the record where it lives', async () => {
    const store = await open();
    await store.transact((tx) => tx.insert('audit', entry('u1')));
    await store.transact((tx) => tx.update('audit', 'u1', { detail: 'changed' }));
    expect((await (await open()).auditLog({}))[0]?.detail).toBe('changed');
  });

  test('a file that shrinks holds only its new text, in both of its inodes', async () => {
    const store = await open();
    await store.transact((tx) => tx.insert('audit', { ...entry('s1'), detail: 'x'.repeat(5000) }));
    await store.transact((tx) => tx.update('audit', 's1', { detail: 'y'.repeat(3000) }));
    // Both inodes have now held a long text; each of the next two writes goes over one of them.
    for (const detail of ['short', 'é']) {
      await store.transact((tx) => tx.update('audit', 's1', { detail }));
      const text = await readFile(join(dataDir, 'db', 'seg-000001.json'), 'utf8');
      expect(JSON.parse(text).audit[0].detail).toBe(detail);
      expect((await stat(join(dataDir, 'db', 'seg-000001.json'))).size).toBe(Buffer.byteLength(text));
    }
    expect(JSON.parse(await readFile(join(dataDir, 'db', 'head.json'), 'utf8')).version).toBe(4);
  });
});

describe('records beyond the segments kept in memory', () => {
  // More segments than memory keeps whole: the oldest records are held only as summaries (layout.ts).
  const segments = LOADED_SEGMENTS + 8;
  const detailed = (i: number) => ({
    ...entry(`d${i}`, i % 2 ? 'org_odd' : 'org_even'),
    detail: `detail ${i}`,
  });

  async function filled() {
    const store = await open();
    const total = segments * SEGMENT_MAX_RECORDS;
    for (let i = 0; i < total; i += SEGMENT_MAX_RECORDS) {
      await store.transact(async (tx) => {
        for (let j = i; j < i + SEGMENT_MAX_RECORDS; j++) await tx.insert('audit', detailed(j));
      });
    }
    return { store, total };
  }

  test('are read, listed and filtered whole, as they were written', async () => {
    const { store, total } = await filled();
    expect((await readdir(join(dataDir, 'db'))).filter((n) => /^seg-\d+\.json$/.test(n))).toHaveLength(
      segments,
    );
    const all = await store.auditLog({});
    expect(all).toHaveLength(total);
    expect(all.every((record) => record.detail === `detail ${record.id.slice(1)}`)).toBe(true);
    const odd = await store.auditLog({ orgId: 'org_odd' });
    expect(odd).toHaveLength(total / 2);
    expect(odd.find((record) => record.id === 'd1')).toMatchObject({ org_id: 'org_odd', detail: 'detail 1' });
  });

  test('are updated where they live, and read back changed by this process, another, and after reopening', async () => {
    const { store } = await filled();
    const other = await open();
    await store.transact((tx) => tx.update('audit', 'd3', { detail: 'changed' }));
    for (const reader of [store, other, await open()]) {
      const records = await reader.auditLog({ orgId: 'org_odd' });
      expect(records.find((record) => record.id === 'd3')?.detail).toBe('changed');
      expect(records.find((record) => record.id === 'd5')?.detail).toBe('detail 5');
    }
  });

  test('one write that changes a record in every segment keeps every change', async () => {
    const { store } = await filled();
    const firstOfEach = Array.from({ length: segments }, (_, i) => `d${i * SEGMENT_MAX_RECORDS}`);
    await store.transact((tx) =>
      tx.updateEach(
        'audit',
        firstOfEach.map((id) => ({ id, patch: { detail: `changed ${id}` } })),
      ),
    );
    for (const reader of [store, await open()]) {
      const changed = (await reader.auditLog({})).filter((record) => record.detail?.startsWith('changed'));
      expect(changed.map((record) => record.id).sort()).toEqual([...firstOfEach].sort());
    }
  });
});

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

test('a corrupt file stops open() with a message naming it, and is left as it was', async () => {
  const store = await open();
  await store.transact((tx) => tx.insert('audit', entry('before')));
  await store.transact((tx) => tx.insert('orgs', { id: 'org_x' } as never));
  const core = join(dataDir, 'db', 'core.json');
  await writeFile(core, '{"orgs": [ {"id": "org_x"');
  await expect(open()).rejects.toThrow(StoreCorruptError);
  await expect(open()).rejects.toThrow(/core\.json is not valid JSON/);
  expect(await readFile(core, 'utf8')).toBe('{"orgs": [ {"id": "org_x"');
});
