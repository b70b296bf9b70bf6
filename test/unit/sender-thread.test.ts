// The worker thread the server sends mail and webhooks from: answers, failures with their reply code, a thread
// that dies, and a process that is not held open by an idle thread.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { isPermanent } from '../../api/domain/mail/transport.ts';
import { senderThread } from '../../api/domain/queue/sender-thread.ts';

const ENTRY = new URL('../fixtures/echo-thread.ts', import.meta.url);

test('calls are answered in the thread, many at once', async () => {
  const thread = senderThread<string, string>(ENTRY, null);
  try {
    const words = Array.from({ length: 50 }, (_, i) => `word ${i}`);
    expect(await Promise.all(words.map((word) => thread.call(word)))).toEqual(
      words.map((word) => word.toUpperCase()),
    );
  } finally {
    thread.close();
  }
});

test('a failure comes back with its reply code, so a 5xx is still told to be permanent', async () => {
  const thread = senderThread<string, string>(ENTRY, null);
  try {
    const error = await thread.call('refuse').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('550 mailbox unavailable');
    expect(isPermanent(error)).toBe(true);
  } finally {
    thread.close();
  }
});

test('a thread that dies fails the call it held, and the next call starts a new one', async () => {
  const thread = senderThread<string, string>(ENTRY, null);
  try {
    await expect(thread.call('die')).rejects.toThrow(/stopped \(exit code 3\)/);
    expect(await thread.call('again')).toBe('AGAIN');
  } finally {
    thread.close();
  }
});

// Linux sets niceness per thread; the thread that asked (the API's event loop) must keep its own.
test.runIf(process.platform === 'linux')('sends run nicer than the thread that asks for them', async () => {
  const asking = getPriority(0);
  const thread = senderThread<string, string>(ENTRY, null);
  try {
    expect(Number(await thread.call('niceness'))).toBe(Math.min(19, asking + 10));
    expect(getPriority(0)).toBe(asking);
  } finally {
    thread.close();
  }
});

test('an idle thread does not keep its process alive; a call under way does', async () => {
  const script = `
    import { senderThread } from ${JSON.stringify(new URL('../../api/domain/queue/sender-thread.ts', import.meta.url).href)};
    const thread = senderThread(new URL(${JSON.stringify(ENTRY.href)}), null);
    console.log(await thread.call('answered before exit'));`;
  // A file, not -e: a worker inherits its process's flags, and --input-type would stop it.
  const file = join(await mkdtemp(join(tmpdir(), 'sender-thread-')), 'main.mjs');
  await writeFile(file, script);
  const { stdout } = await promisify(execFile)(process.execPath, [file], { timeout: 10_000 });
  expect(stdout.trim()).toBe('ANSWERED BEFORE EXIT');
});
