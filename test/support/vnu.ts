// The Nu HTML Checker (vnu-jar, on Java) over a folder of pages: each error as "<file>: <message>".
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export async function htmlErrors(dir: string): Promise<string[]> {
  const result = await promisify(execFile)(
    'java',
    ['-jar', 'node_modules/vnu-jar/build/dist/vnu.jar', '--errors-only', '--format', 'json', dir],
    { maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout: string; stderr: string }) => error);
  const report = JSON.parse(result.stderr || result.stdout || '{"messages":[]}') as {
    messages: { type: string; url: string; message: string }[];
  };
  return report.messages.filter((m) => m.type === 'error').map((m) => `${m.url}: ${m.message}`);
}
