// The store's promises (design.md), each against real files in a temp directory: the JSON engine, reached as
// everything else reaches it, through openStore and the Store interface. One instance here; several instances and
// processes, the disk refusing and the mail queue in store-processes.test.ts.
import { link, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { LOADED_SEGMENTS, SEGMENT_MAX_RECORDS } from '../../api/store/json/layout.ts';
import { openStore } from '../../api/store/open-store.ts';
import { StoreCorruptError } from '../../api/store/store-errors.ts';
import { auditIds, auditIdsOnDisk, entry } from '../support/json-store.ts';
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dss-store-'));
});

const open = () => openStore({ dataDir });
const onDisk = () => auditIdsOnDisk(dataDir);

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
