// (a) kill -9 under write load: 8 writers post data requests, each with its own Idempotency-Key, while the server
// is killed at a random moment; after each restart every acknowledged request must be stored exactly once, and a
// retry of every unanswered key must not make a second request.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../api/store/open-store.ts';
import { makeLab, startServer, type Server, postWrite } from './server.ts';

export type TrialFigures = {
  trials: number;
  acknowledged: number;
  lost: number;
  duplicated: number;
  /** Keys answered 201 the first time, whose retry after the restart answered another id. */
  keyConflicts: number;
  slowestRestartMs: number;
};

const WRITERS = 8;

async function post(server: Server, key: string, idempotencyKey: string): Promise<string | undefined> {
  try {
    const response = await postWrite(server, key, idempotencyKey);
    if (response.status !== 201) {
      await response.body?.cancel();
      return undefined;
    }
    return ((await response.json()) as { data: { id: string } }).data.id;
  } catch {
    return undefined; // killed mid-request: not acknowledged
  }
}

export async function killTrials(
  trials: number,
  log: (line: string) => void = () => {},
): Promise<TrialFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-torture-kill-'));
  const figures: TrialFigures = {
    trials,
    acknowledged: 0,
    lost: 0,
    duplicated: 0,
    keyConflicts: 0,
    slowestRestartMs: 0,
  };
  try {
    const lab = await makeLab(dataDir);
    const acknowledged = new Map<string, string>(); // Idempotency-Key → request id
    let server = await startServer(dataDir);
    for (let trial = 0; trial < trials; trial++) {
      const unanswered: string[] = [];
      let stop = false;
      let n = 0;
      const writers = Array.from({ length: WRITERS }, async (_, w) => {
        while (!stop) {
          const idempotencyKey = `t${trial}-w${w}-${n++}`;
          const id = await post(server, lab.key, idempotencyKey);
          if (id) acknowledged.set(idempotencyKey, id);
          else unanswered.push(idempotencyKey);
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 30 + Math.random() * 300));
      await server.kill();
      stop = true;
      await Promise.all(writers);
      const started = performance.now();
      server = await startServer(dataDir);
      figures.slowestRestartMs = Math.max(figures.slowestRestartMs, performance.now() - started);
      // The same keys again: one that was stored answers its first request, never a second one.
      for (const idempotencyKey of unanswered) {
        const id = await post(server, lab.key, idempotencyKey);
        if (id) acknowledged.set(idempotencyKey, id);
      }
      // And a key acknowledged before the kill answers the same id after it.
      const sample = [...acknowledged].slice(-3);
      for (const [idempotencyKey, id] of sample) {
        if ((await post(server, lab.key, idempotencyKey)) !== id) figures.keyConflicts += 1;
      }
      if ((trial + 1) % 10 === 0 || trial + 1 === trials)
        log(`trial ${trial + 1}/${trials}: ${acknowledged.size} acknowledged`);
    }
    await server.kill();
    // Every request as stored, read as the CLI reads it.
    const store = await openStore({ dataDir });
    const stored = (await store.requests({ orgId: lab.orgId })).items;
    await store.close();
    const byKey = new Map<string, string[]>();
    for (const request of stored) {
      const key = /Torture write (\S+), please ignore\./.exec(request.description)?.[1] ?? '?';
      byKey.set(key, [...(byKey.get(key) ?? []), request.id]);
    }
    figures.acknowledged = acknowledged.size;
    for (const [key, id] of acknowledged) if (!byKey.get(key)?.includes(id)) figures.lost += 1;
    for (const ids of byKey.values()) if (ids.length > 1) figures.duplicated += ids.length - 1;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}
