// Webhooks are never sent to an address that is not public unless the operator allows it (the SSRF guard): checked
// when an endpoint is registered, when its name is looked up and when the connection is made; and a webhook secret
// is sealed so that only its key opens it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import { checkHost, guardedLookupThrough, isPublicAddress } from '../../api/domain/webhooks/address-guard.ts';
import { checkEndpointUrl } from '../../api/domain/webhooks/endpoints.ts';
import { postSigned } from '../../api/domain/webhooks/post.ts';
import { createSecretBox } from '../../api/domain/webhooks/secrets.ts';
import { startNameServer } from '../support/name-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const secrets = createSecretBox(randomBytes(32));
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

async function receiverFor(options: { failFirst?: number } = {}): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver(options);
  cleanup.push(() => receiver.close());
  return receiver;
}

describe('the SSRF guard', () => {
  test.each([
    ['http://hooks.example.com/in', 'must be https'],
    ['https://127.0.0.1/in', 'resolves to 127.0.0.1'],
    ['https://localhost/in', 'not a public address'],
    ['https://10.1.2.3/in', 'resolves to 10.1.2.3'],
    ['https://192.168.0.7/in', 'resolves to 192.168.0.7'],
    ['https://169.254.169.254/latest/meta-data', 'resolves to 169.254.169.254'],
    ['https://[::1]/in', 'resolves to ::1'],
    ['https://[fd00::1]/in', 'resolves to fd00::1'],
    ['https://[::ffff:127.0.0.1]/in', 'not a public address'],
    ['https://100.64.0.1/in', 'resolves to 100.64.0.1'],
    ['https://user:pw@hooks.example.com/in', 'user name or password'],
  ])('refuses %s', async (url, why) => {
    const refusal = await checkEndpointUrl(new URL(url), false).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      status: 422,
      code: 'invalid',
      fields: { url: [expect.stringContaining(why)] },
    });
  });

  test('public addresses pass; WEBHOOK_ALLOW_PRIVATE lets a loopback http receiver in', async () => {
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isPublicAddress(address)).toBe(true);
    await expect(checkEndpointUrl(new URL('http://127.0.0.1:9/in'), true)).resolves.toBeUndefined();
  });

  test('at connection time too: a post to loopback is refused before a byte is sent', async () => {
    const receiver = await receiverFor();
    const result = await postSigned(
      receiver.url.replace('http://127.0.0.1', 'https://localhost'), // refused at the lookup, before TLS
      '{}',
      {},
      { allowPrivate: false },
    );
    expect(result).toMatchObject({ error: expect.stringContaining('not a public address') });
    expect(receiver.received).toEqual([]);
  });

  test('an endpoint registered while private addresses were allowed is not posted to once they are not', async () => {
    const receiver = await receiverFor(); // http://127.0.0.1:port: an address, which no lookup is asked about
    const port = new URL(receiver.url).port;
    for (const [url, why] of [
      [receiver.url, 'http is not https'],
      [`https://127.0.0.1:${port}/in`, '127.0.0.1 is not a public address'],
      [`https://[::1]:${port}/in`, '::1 is not a public address'],
      [`https://0x7f000001:${port}/in`, '127.0.0.1 is not a public address'],
    ]) {
      const result = await postSigned(url!, '{}', {}, { allowPrivate: false });
      expect(result).toEqual({ error: `not sent: ${why}, and WEBHOOK_ALLOW_PRIVATE is not set` });
    }
    expect(receiver.received).toEqual([]);
    // With them allowed, the same post reaches the receiver (which refuses it: it carries no signature).
    expect(await postSigned(receiver.url, '{}', {}, { allowPrivate: true })).toEqual({ status: 401 });
  });

  test('names are asked of the name servers, and every address they give is checked', async () => {
    const names = await startNameServer({
      'hooks.lab.example': { A: ['93.184.215.14'], AAAA: ['2606:2800:21f:cb07::1'] },
      'rebind.lab.example': { A: ['93.184.215.14'], AAAA: ['::1'] },
      'inner.lab.example': { A: ['10.1.2.3'] },
    });
    cleanup.push(() => names.close());
    const resolver = names.resolver();
    expect(await checkHost('hooks.lab.example', resolver)).toEqual({ ok: true });
    expect(await checkHost('rebind.lab.example', resolver)).toEqual({
      ok: false,
      reason: 'its host resolves to a loopback address, which is not a public address',
    });
    // Only the kind of address a name resolves to: a lab cannot map the names of our own network.
    expect(await checkHost('inner.lab.example', resolver)).toEqual({
      ok: false,
      reason: 'its host resolves to a private address, which is not a public address',
    });
    expect(await checkHost('missing.lab.example', resolver)).toEqual({
      ok: false,
      reason: 'missing.lab.example does not resolve',
    });
    expect(await checkHost('Hooks.Localhost.', resolver)).toMatchObject({ ok: false }); // RFC 6761: loopback
    const lookup = promisify(guardedLookupThrough(resolver));
    expect(await lookup('hooks.lab.example', { family: 4 })).toBe('93.184.215.14');
    const refused = await lookup('inner.lab.example', {}).catch((error: Error) => error.message);
    expect(refused).toBe('inner.lab.example resolves to a private address, which is not a public address');
    expect(names.asked).toContain('AAAA hooks.lab.example');
  });

  test("a lab's name server that never answers holds no thread the store's writes need", async () => {
    const names = await startNameServer({ 'silent.lab.example': 'silent' });
    cleanup.push(() => names.close());
    const lookup = promisify(guardedLookupThrough(names.resolver(300)));
    // More lookups than libuv has threads (4): through getaddrinfo they would hold every one of them.
    let settled = 0;
    const lookups = Array.from({ length: 8 }, () =>
      lookup('silent.lab.example', {})
        .then(
          () => 'resolved',
          (error: Error) => error.message,
        )
        .finally(() => settled++),
    );
    const dir = await mkdtemp(join(tmpdir(), 'dss-fsync-'));
    const file = await open(join(dir, 'commit.json'), 'w');
    for (let i = 0; i < 16; i++) {
      await file.write(`{"commit":${i}}`);
      await file.sync(); // a store commit's fsync runs in libuv's thread pool
    }
    await file.close();
    expect(settled).toBe(0); // every fsync done while every lookup still waited
    expect(await Promise.all(lookups)).toEqual(
      Array(8).fill('no answer from the name servers for silent.lab.example'),
    );
  });

  test('a sealed secret opens only with the key that sealed it', () => {
    const sealed = secrets.seal('whsec_c2VjcmV0LXZhbHVlLWZvci10ZXN0cw==');
    expect(sealed).not.toContain('c2VjcmV0');
    expect(secrets.open(sealed)).toBe('whsec_c2VjcmV0LXZhbHVlLWZvci10ZXN0cw==');
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });
});
