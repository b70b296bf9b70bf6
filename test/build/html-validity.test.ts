// The Nu HTML checker (vnu-jar, on the machine's Java) over every page of the build, in one call.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

test('vnu finds no error in any page of dist/client', async () => {
  requireBuild();
  const result = await promisify(execFile)(
    'java',
    [
      '-jar',
      'node_modules/vnu-jar/build/dist/vnu.jar',
      '--skip-non-html',
      '--errors-only',
      '--format',
      'json',
      DIST_CLIENT,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout: string; stderr: string }) => error);
  const report = JSON.parse(result.stderr || result.stdout || '{"messages":[]}') as {
    messages: { type: string; url: string; message: string }[];
  };
  expect(report.messages.filter((m) => m.type === 'error').map((m) => `${m.url}: ${m.message}`)).toEqual([]);
}, 120_000);
