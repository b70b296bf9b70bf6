// The setting of the recall tests over HTTP (test/http/recalls.test.ts): the listing, its sample zip's files hashed
// from their bytes, and three labs on a server of the file's own: one received the sample link, one licensed the
// listing, one did neither; with webhook endpoints on real receivers and calls by API key.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, expect } from 'vitest';
import { opsOk } from './ops.ts';
import { selfServeLab, selfServeSuite, sessionCall, type SelfServeLab } from './self-serve.ts';
import { until as waitFor } from './until.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

export const LISTING = 'us-auto-insurance-claims-calls';

/** The sample zip's files, hashed here from their bytes (not read from its manifest). */
export const zip = unzipSync(new Uint8Array(readFileSync(`content/samples/audio/${LISTING}.zip`)));
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const callFiles = Object.keys(zip).filter((path) => path.startsWith('calls/'));
export const ITEM = callFiles[0]!.replace(/^calls\/|\.wav$/g, '');

export type RecallLabs = {
  sampler: SelfServeLab; // received the sample link
  licensee: SelfServeLab; // licensed the listing (a request closed licensed)
  outsider: SelfServeLab; // neither
  licenseeKey: string;
  outsiderKey: string;
};

/** The file's server and its three labs, made before its tests (read `labs` inside tests and hooks). */
export function recallSuite() {
  const suite = selfServeSuite('Recall Sample Lab', {
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_SECONDS: '0.2',
  });
  const labs = {} as RecallLabs;
  const receivers: WebhookReceiver[] = [];

  async function endpointFor(lab: SelfServeLab, events?: string[]) {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const made = await sessionCall(suite.ctx, lab.cookie, '/api/v1/webhooks', {
      method: 'POST',
      body: { url: receiver.url, ...(events ? { events } : {}) },
    });
    expect(made.status, made.text).toBe(201);
    receiver.secret = made.body.data.secret;
    return receiver;
  }

  async function keyOf(lab: SelfServeLab): Promise<string> {
    const made = await sessionCall(suite.ctx, lab.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'recalls' },
    });
    expect(made.status, made.text).toBe(201);
    return made.body.data.key;
  }

  const byKey = (key: string, path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(suite.ctx.server.url + path, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  beforeAll(async () => {
    const sampler = suite.lab;
    const [licensee, outsider] = [
      await selfServeLab(suite.ctx, 'Recall Licensee Lab'),
      await selfServeLab(suite.ctx, 'Recall Outsider Lab'),
    ];
    const [licenseeKey, outsiderKey] = [await keyOf(licensee), await keyOf(outsider)];
    Object.assign(labs, { sampler, licensee, outsider, licenseeKey, outsiderKey });
    // The sampler: NDA verified, the sample asked for, its link sent.
    await opsOk(suite.ctx.operator, 'nda', 'accept', '--org', sampler.orgId, '--verified');
    const asked = await sessionCall(suite.ctx, sampler.cookie, `/api/v1/samples/${LISTING}`, {
      method: 'POST',
    });
    expect(asked.status, asked.text).toBe(202);
    await waitFor(
      async () =>
        (await sessionCall(suite.ctx, sampler.cookie, `/api/v1/sample-requests/${asked.body.id}`)).body.data
          .status,
      (status) => status === 'link_sent',
    );
    // The licensee: a request naming the listing, closed licensed. The outsider: a request closed declined.
    for (const [lab, key, outcome] of [
      [licensee, licenseeKey, 'licensed'],
      [outsider, outsiderKey, 'declined'],
    ] as const) {
      const made = await byKey(key, '/api/v1/requests', {
        method: 'POST',
        body: {
          data_types: ['call_audio'],
          description: `Claims calls for ${lab.email}.`,
          listing_id: LISTING,
        },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      await opsOk(
        suite.ctx.operator,
        'requests',
        'move',
        made.body.id ?? made.body.data.id,
        'closed',
        '--outcome',
        outcome,
      );
    }
  }, 60_000);
  afterAll(async () => {
    for (const receiver of receivers) await receiver.close();
  });
  return { suite, labs, endpointFor, byKey };
}
