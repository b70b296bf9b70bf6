// The OpenAPI document a client generator reads: lints clean and documents every endpoint as the contract says.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { read } from '../support/built-files.ts';
import { childEnv } from '../support/child-env.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

const run = promisify(execFile);
beforeAll(() => requireBuild());

describe('OpenAPI', () => {
  test('lints clean, warnings included (Redocly, recommended rules): each example fits its schema', async () => {
    const result = await run(
      process.execPath,
      ['node_modules/@redocly/cli/bin/cli.js', 'lint', join(DIST_CLIENT, 'openapi.json'), '--format=json'],
      {
        env: childEnv({ REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }),
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout: string }) => error);
    const report = JSON.parse(result.stdout);
    const problems = report.problems.filter((p: { ignored?: boolean }) => !p.ignored);
    expect(problems).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  test('documents every endpoint with the bearer scheme, the envelope, error.fields and the rate-limit headers', async () => {
    const document = JSON.parse(await read('openapi.json'));
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/v1/catalog',
        '/api/v1/catalog/{id}',
        '/api/v1/catalog/{id}/fit',
        '/api/v1/demand',
        '/api/v1/health',
        '/api/v1/me',
        '/api/v1/requests',
        '/api/v1/requests/{id}',
        '/api/v1/requests/{id}/withdraw',
        '/api/v1/requests/{id}/messages',
        '/api/v1/samples/{id}',
        '/api/v1/samples/{id}/download',
        '/api/v1/sample-requests',
        '/api/v1/sample-requests/{id}',
        '/api/v1/sample-requests/{id}/link',
        '/api/v1/recalls',
        '/api/v1/recalls/{id}/acknowledgements',
        '/api/v1/access-requests',
        '/api/v1/session/link',
        '/api/v1/session/logout',
        '/api/v1/nda',
        '/api/v1/nda/acceptances',
        '/api/v1/keys',
        '/api/v1/keys/{id}',
        '/api/v1/keys/{id}/rotate',
        '/api/v1/team',
        '/api/v1/team/invitations',
        '/api/v1/team/invitations/{id}',
        '/api/v1/team/{id}',
        '/api/v1/webhooks',
        '/api/v1/webhooks/{id}',
        '/api/v1/webhooks/{id}/deliveries',
        '/api/v1/webhooks/{id}/test',
      ].sort(),
    );
    expect(Object.keys(document.webhooks).sort()).toEqual(
      [
        'request.created',
        'request.status_changed',
        'request.replied',
        'sample.link_sent',
        'sample.rejected',
        'nda.verified',
        'nda.revoked',
        'key.created',
        'key.revoked',
        'webhook.test',
        'listing.recalled',
      ].sort(),
    );
    // Every operation, webhooks included, has an operationId of its own: client generators name methods by it.
    const operations = [...Object.values(document.paths), ...Object.values(document.webhooks)].flatMap(
      (item) => Object.values(item as Record<string, { operationId?: string }>),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.webhooks['request.status_changed'].post.operationId).toBe('onRequestStatusChanged');
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(document.paths['/api/v1/keys'].post.security).toEqual([{ session: [] }]);
    expect(document.components.schemas.Error.properties.error.properties.fields).toBeDefined();
    const post = document.paths['/api/v1/requests'].post;
    expect(post.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    expect(post.requestBody.content['application/json'].example).toBeDefined();
    expect(Object.keys(post.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403', // a session cookie sent from another origin
      '409',
      '413',
      '415',
      '422',
      '429',
      '503',
    ]);
    expect(post.responses['429'].headers['Retry-After']).toBeDefined();
    expect(post.responses['503'].headers['Retry-After']).toBeDefined(); // the store cannot take the write now
    expect(post.responses['201'].headers.RateLimit).toBeDefined();
    // The spec's 13 public fields, the indicative pricing (issue 42) and the licence's terms (issue 43).
    expect(document.components.schemas.Listing.required).toHaveLength(15);
  });
});
