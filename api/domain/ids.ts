// Identifiers and API keys from crypto-strong randomness, in base62 (URL- and copy-safe).
import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` uniformly random base62 characters (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

function base62(value: number, width: number): string {
  let out = '';
  for (let n = value; out.length < width; n = Math.floor(n / 62)) out = BASE62[n % 62] + out;
  return out;
}

/** A record id such as `req_7Gk2…`: the prefix says what it names. */
export const newId = (prefix: string) => `${prefix}_${randomBase62(20)}`;

// API keys (contract §5): `dss_` + 32 random base62 (190 bits) + a 6-character CRC32 checksum, as GitHub's
// tokens do, so a mistyped key is refused without a store lookup and secret scanners can spot a leaked one.
export const KEY_PREFIX = 'dss_';
const KEY_RANDOM_LENGTH = 32;
const KEY_CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${KEY_RANDOM_LENGTH + KEY_CHECKSUM_LENGTH}}$`);

const checksum = (random: string) => base62(crc32(random), KEY_CHECKSUM_LENGTH);

export function newApiKey(): string {
  const random = randomBase62(KEY_RANDOM_LENGTH);
  return `${KEY_PREFIX}${random}${checksum(random)}`;
}

/** True if `key` has the shape of one of our keys and its checksum holds. */
export function isWellFormedKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const random = key.slice(KEY_PREFIX.length, KEY_PREFIX.length + KEY_RANDOM_LENGTH);
  return key.slice(-KEY_CHECKSUM_LENGTH) === checksum(random);
}

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const keyPrefix = (key: string) => key.slice(0, KEY_PREFIX.length + 4);
