// The built server as `npm start` runs it, for the torture runs: started on a free loopback port over a given
// DATA_DIR, with the rate limits out of the way, and killed the hard way.
import { spawn, type ChildProcess } from 'node:child_process';
import { openStore } from '../../api/store/open-store.ts';
import { issueKey } from '../../api/domain/labs/api-keys.ts';
import { acceptNda } from '../../api/domain/labs/nda.ts';
import { addAccount, createOrg } from '../../api/domain/labs/organisations.ts';

export type Server = {
  url: string;
  child: ChildProcess;
  kill(): Promise<void>;
  /** What the process wrote to stderr so far (a crash's last words). */
  stderr(): string;
};

const NO_LIMITS = {
  RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
  RATE_LIMIT_KEY_PER_MINUTE: '100000000',
  DATA_REQUESTS_PER_HOUR: '100000000',
  KEYS_PER_ORG: '100000000',
};

/** Starts the server and resolves once it listens; its request log is drained and dropped. */
export function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, ['api/server/server.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...NO_LIMITS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const onData = (chunk: Buffer) => {
      out += chunk;
      const match = /"msg":"listening".*?"listen":"([^"]+)"/.exec(out); // the socket's own address (url: the site's)
      if (!match) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve({ url: match[1]!, child, kill, stderr: () => err });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => (err += chunk));
    void exited.then(() => reject(new Error(`the server exited before listening:\n${out}\n${err}`)));
  });
}

/** A lab with a verified account, an accepted NDA and a key, made through the domain as the CLI makes it. */
export async function makeLab(
  dataDir: string,
  databaseUrl?: string,
): Promise<{ orgId: string; key: string }> {
  const store = await openStore({ dataDir, databaseUrl });
  const now = new Date();
  const lab = await store.transact(async (tx) => {
    const org = await createOrg(tx, 'Torture Lab', now);
    const account = await addAccount(
      tx,
      { orgId: org.id, email: `torture+${org.id}@lab.example`, verified: true },
      now,
    );
    await acceptNda(tx, org.id, false, now);
    return { orgId: org.id, key: (await issueKey(tx, account.id, now)).key };
  });
  await store.close();
  return lab;
}

/** One torture write: a data request with an Idempotency-Key, given up after 10 s (a fetch that throws: none). */
export function postWrite(server: Server, key: string, idempotencyKey: string): Promise<Response> {
  return fetch(`${server.url}/api/v1/requests`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': idempotencyKey,
    },
    body: JSON.stringify({
      data_types: ['call_audio'],
      description: `Torture write ${idempotencyKey}, please ignore.`,
    }),
    signal: AbortSignal.timeout(10_000),
  });
}
