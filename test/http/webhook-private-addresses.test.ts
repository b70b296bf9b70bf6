// The SSRF guard over HTTP (issue 22): without WEBHOOK_ALLOW_PRIVATE, an endpoint is https to a public address,
// and a refusal names the address it refused.

import { expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import { selfServeLab, sessionCall, startSelfServe } from '../support/self-serve.ts';

test('without WEBHOOK_ALLOW_PRIVATE: https to a public address only, named in the refusal', async () => {
  const strict = await startSelfServe();
  try {
    const admin = await selfServeLab(strict, 'Strict Lab');
    for (const [url, says] of [
      ['http://hooks.example.com/in', 'must be https'],
      ['https://127.0.0.1/in', '127.0.0.1'],
      ['https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['https://[::1]:8443/in', '::1'],
      ['https://10.0.0.8/in', '10.0.0.8'],
    ]) {
      const reply = await sessionCall(strict, admin.cookie, '/api/v1/webhooks', {
        method: 'POST',
        body: { url },
      });
      expectError(reply, 422, 'invalid');
      expect(reply.body.error.fields.url[0]).toContain(says);
    }
    expect((await sessionCall(strict, admin.cookie, '/api/v1/webhooks')).body.data).toEqual([]);
  } finally {
    await strict.stop();
  }
});

test('without WEBHOOK_ALLOW_PRIVATE: an IPv6 form of an inner IPv4 address is refused as that address is', async () => {
  const strict = await startSelfServe();
  try {
    const admin = await selfServeLab(strict, 'IPv6 Forms Lab');
    // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d, deprecated by RFC 4291 but still parsed).
    for (const url of [
      'https://[::ffff:127.0.0.1]/in',
      'https://[::127.0.0.1]/in',
      'https://[::169.254.169.254]/latest/meta-data/',
      'https://[::10.0.0.8]/in',
    ]) {
      const reply = await sessionCall(strict, admin.cookie, '/api/v1/webhooks', {
        method: 'POST',
        body: { url },
      });
      expectError(reply, 422, 'invalid');
      expect(reply.body.error.fields.url[0], url).toContain('not a public address');
    }
    expect((await sessionCall(strict, admin.cookie, '/api/v1/webhooks')).body.data).toEqual([]);
  } finally {
    await strict.stop();
  }
});
