// API keys (contract §5): `dss_` + 32 random base62 characters + a 6-character checksum; only the SHA-256 hash
// is stored. Real keys, a real store and the real API core: no mocks.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashKey, isWellFormedKey, KEY_PREFIX, keyPrefix, newApiKey } from '../../api/domain/ids.ts';
import { authenticate, issueKey } from '../../api/domain/labs/api-keys.ts';
import { addAccount, createOrg } from '../../api/domain/labs/organisations.ts';
import { testApi } from '../support/api.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_SHAPE = /^dss_[0-9A-Za-z]{38}$/;
const RANDOM = { start: 4, end: 4 + 32 }; // where the 32 random characters sit in a key

/** `key` with the character at `index` replaced by `char`. */
const withCharAt = (key: string, index: number, char: string) =>
  key.slice(0, index) + char + key.slice(index + 1);

describe('newApiKey', () => {
  test('has the shape dss_ + 38 base62 characters', () => {
    for (let i = 0; i < 500; i++) expect(newApiKey()).toMatch(KEY_SHAPE);
    expect(KEY_PREFIX).toBe('dss_');
  });

  test('2,000 keys are all distinct, as are their random parts', () => {
    const keys = Array.from({ length: 2000 }, newApiKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys.map((k) => k.slice(RANDOM.start, RANDOM.end))).size).toBe(keys.length);
  });

  test('the 32 random characters use all 62 symbols with roughly uniform frequency', () => {
    const keys = Array.from({ length: 2000 }, newApiKey);
    const counts = new Map<string, number>([...BASE62].map((c) => [c, 0]));
    for (const key of keys)
      for (const char of key.slice(RANDOM.start, RANDOM.end)) counts.set(char, counts.get(char)! + 1);
    expect([...counts.keys()].sort()).toEqual([...BASE62].sort()); // nothing outside base62
    const total = keys.length * 32;
    const expected = total / 62; // ≈ 1032 per symbol, standard deviation ≈ 32
    for (const [char, count] of counts) {
      expect(count, `symbol ${char}`).toBeGreaterThan(expected * 0.75);
      expect(count, `symbol ${char}`).toBeLessThan(expected * 1.25);
    }
    // Pearson's chi-square with 61 degrees of freedom: mean 61, sd ≈ 11. 150 is exceeded by chance with
    // p ≈ 3e-9, while a plain `byte % 62` (8 symbols 25 % more likely) scores ≈ 420.
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(150);
  });

  test('every one of the 32 random positions takes all 62 symbols', () => {
    // Per position 2,000 draws: a symbol is missing by chance with p ≈ (61/62)^2000 ≈ 8e-15.
    const keys = Array.from({ length: 2000 }, newApiKey);
    for (let position = RANDOM.start; position < RANDOM.end; position++) {
      expect(new Set(keys.map((k) => k[position])).size, `position ${position}`).toBe(62);
    }
  });
});

describe('isWellFormedKey', () => {
  test('accepts every fresh key', () => {
    for (let i = 0; i < 1000; i++) expect(isWellFormedKey(newApiKey())).toBe(true);
  });

  test('refuses a key with any one character changed to any other (the checksum catches it)', () => {
    for (let n = 0; n < 5; n++) {
      const key = newApiKey();
      for (let index = 0; index < key.length; index++) {
        for (const char of BASE62 + '_-') {
          if (char === key[index]) continue;
          const altered = withCharAt(key, index, char);
          expect(isWellFormedKey(altered), `${key} → ${altered}`).toBe(false);
        }
      }
    }
  });

  test('refuses two random characters swapped (when they differ)', () => {
    const key = newApiKey();
    for (let i = RANDOM.start; i < RANDOM.end - 1; i++) {
      if (key[i] === key[i + 1]) continue;
      const swapped = key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2);
      expect(isWellFormedKey(swapped), swapped).toBe(false);
    }
  });

  const key = newApiKey();
  const body = key.slice(KEY_PREFIX.length);
  test.each([
    ['upper-case prefix', `DSS_${body}`],
    ['another prefix', `ghp_${body}`],
    ['another prefix of the same length', `dsk_${body}`],
    ['prefix without underscore', `dss${body}`],
    ['prefix with a hyphen', `dss-${body}`],
    ['no prefix', body],
    ['prefix twice', `dss_dss_${body}`],
    ['one character short', key.slice(0, -1)],
    ['one character long', `${key}a`],
    ['checksum missing', key.slice(0, RANDOM.end)],
    ['random part missing', `dss_${key.slice(RANDOM.end)}`],
    ['leading space', ` ${key}`],
    ['trailing space', `${key} `],
    ['trailing newline', `${key}\n`],
    ['the key twice', key + key],
    ['empty', ''],
    ['prefix only', 'dss_'],
  ])('refuses %s', (_what, candidate) => {
    expect(isWellFormedKey(candidate)).toBe(false);
  });
});

describe('hashKey and keyPrefix', () => {
  test('hashKey is the SHA-256 of the whole key, as 64 lower-case hex digits', () => {
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (let i = 0; i < 50; i++) {
      const key = newApiKey();
      expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/);
      expect(hashKey(key)).toBe(createHash('sha256').update(key, 'utf8').digest('hex'));
      expect(hashKey(key)).toBe(hashKey(key));
      expect(hashKey(key)).not.toBe(hashKey(withCharAt(key, 10, key[10] === 'a' ? 'b' : 'a')));
    }
  });

  test('keyPrefix shows dss_ and 4 characters, never the rest', () => {
    const key = newApiKey();
    expect(keyPrefix(key)).toBe(key.slice(0, 8));
    expect(keyPrefix(key)).toMatch(/^dss_[0-9A-Za-z]{4}$/);
  });
});

describe('issued keys in a real store', () => {
  let t: Awaited<ReturnType<typeof testApi>>;
  let key: string;
  let keyId: string;
  beforeAll(async () => {
    t = await testApi({ RATE_LIMIT_KEY_PER_MINUTE: '100000', RATE_LIMIT_PUBLIC_PER_MINUTE: '100000' });
    const now = new Date();
    const issued = await t.store.transact(async (tx) => {
      const org = await createOrg(tx, 'Keys Lab', now);
      const account = await addAccount(tx, { orgId: org.id, email: 'keys@lab.example', verified: true }, now);
      return issueKey(tx, account.id, now);
    });
    key = issued.key;
    keyId = issued.record.id;
  });
  afterAll(() => t?.store.close());

  test('the key is well formed and only its hash is stored, nowhere the key itself', async () => {
    expect(key).toMatch(KEY_SHAPE);
    expect(isWellFormedKey(key)).toBe(true);
    const record = (await t.store.keyById(keyId))!;
    expect(record.hash).toBe(hashKey(key));
    expect(record.prefix).toBe(keyPrefix(key));
    expect(JSON.stringify(record)).not.toContain(key.slice(RANDOM.start));
    let files = 0;
    for (const entry of await readdir(t.dataDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      files++;
      const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
      expect(text, entry.name).not.toContain(key.slice(RANDOM.start, RANDOM.end));
    }
    expect(files).toBeGreaterThan(0);
  });

  test('authenticate: the key is accepted; altered, unknown or mangled keys are refused for the right reason', async () => {
    const ok = await authenticate(t.store, key);
    expect(ok.ok && ok.caller.key!.id).toBe(keyId);
    const last = key.at(-1) === 'a' ? 'b' : 'a';
    expect(await authenticate(t.store, withCharAt(key, key.length - 1, last))).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(await authenticate(t.store, withCharAt(key, 5, key[5] === 'a' ? 'b' : 'a'))).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(await authenticate(t.store, newApiKey())).toEqual({ ok: false, reason: 'unknown' });
    expect(await authenticate(t.store, hashKey(key))).toEqual({ ok: false, reason: 'malformed' });
  });

  test.each([
    ['the issued key', () => key, 200],
    ['a fresh unknown key', () => newApiKey(), 401],
    [
      'the key with its last character changed',
      () => key.slice(0, -1) + (key.endsWith('0') ? '1' : '0'),
      401,
    ],
    ['the key in lower case', () => key.toLowerCase(), 401],
    ['the stored hash', () => hashKey(key), 401],
  ])('the API core with %s → %i', async (_what, make, status) => {
    const candidate = make();
    if (status === 401 && candidate === key) return; // lower-casing changed nothing: nothing to test
    const response = await t.call('/api/v1/requests', { headers: { Authorization: `Bearer ${candidate}` } });
    expect(response.status).toBe(status);
    if (status === 401) {
      expect((await response.json()).error.code).toBe('unauthorized');
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });
});
