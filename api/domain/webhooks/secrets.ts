// Webhook signing secrets. Standard Webhooks signs with HMAC, so the secret must be read back to sign each
// delivery: it is stored sealed (AES-256-GCM) under a key derived from the service's link secret, never in the
// clear, and shown to the lab once, when the endpoint is made.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const SECRET_BYTES = 24; // Standard Webhooks: between 24 and 64 bytes
const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;

/** `whsec_` and base64 of random bytes: the form the Standard Webhooks libraries take as it is. */
export const newWebhookSecret = () => `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;

export type SecretBox = { seal(secret: string): string; open(sealed: string): string };

/** `serviceSecret`: LINK_SECRET (or the generated one); every instance sharing a store must share it. */
export function createSecretBox(serviceSecret: Uint8Array): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serviceSecret, Buffer.alloc(0), 'dss webhook secrets', 32));
  return {
    seal(secret) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, nonce);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || !nonce || !tag || !body) throw new Error('not a sealed webhook secret');
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
