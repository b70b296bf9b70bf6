// Memory: the server's RSS idle and while writing, as what is stored grows.
import { createRateLimiter } from '../../api/http/rate-limit.ts';
import { makeLab } from '../../test/support/lab.ts';
import { pacedLoad } from './paced-load.ts';
import { rssMb, startOurs } from './processes.ts';
import type { Row } from './report.ts';
import { scratchDir } from './scratch.ts';
import { log, UNLIMITED } from './load.ts';
import { seedRequests, WRITE_RATE } from './writes-part.ts';

/** The server's RSS with `stored` requests: idle after start, then at the end of 10 s of writes at WRITE_RATE. */
async function serverRss(stored: number): Promise<{ idle: number; writing: number }> {
  const dataDir = await scratchDir('mem');
  const lab = await makeLab(dataDir, 'Benchmark Lab');
  await seedRequests(dataDir, stored, lab.orgId, lab.accountId, lab.keyId);
  const ours = await startOurs({ ...UNLIMITED, DATA_DIR: dataDir });
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = await rssMb(ours.pid);
    await pacedLoad({
      url: `${ours.url}/api/v1/requests`,
      method: 'POST',
      headers: { Authorization: `Bearer ${lab.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data_types: ['call_audio'], description: 'Benchmark request: memory.' }),
      rate: WRITE_RATE,
      duration: 10,
      connections: 50,
    });
    return { idle, writing: await rssMb(ours.pid) };
  } finally {
    await ours.stop();
  }
}

export async function memoryPart(): Promise<Row[]> {
  log('memory: the server with 0 and with 100,000 requests stored, idle and writing');
  const empty = await serverRss(0);
  const full = await serverRss(100_000);
  // The limiter alone, in this process: heap before and after a million distinct clients.
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const limiter = createRateLimiter({ policy: 'per-ip', limit: 60 });
  for (let i = 0; i < 1_000_000; i++)
    limiter.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:${i >> 24}`, 1_000 + i / 100);
  globalThis.gc?.();
  const grown = (process.memoryUsage().heapUsed - before) / 2 ** 20;
  return [
    { figure: 'server RSS idle (baseline: nothing stored)', ours: empty.idle, unit: 'MB' },
    {
      figure: 'server RSS idle, 100,000 requests stored (baseline: nothing stored)',
      ours: full.idle,
      baseline: empty.idle,
      unit: 'MB',
      target: '≤ 300 MB',
      met: full.idle <= 300,
    },
    {
      figure: `server RSS after 10 s of writes at ${WRITE_RATE}/s, 100,000 stored (baseline: nothing stored)`,
      ours: full.writing,
      baseline: empty.writing,
      unit: 'MB',
    },
    {
      figure: 'rate limiter heap after 1,000,000 distinct IPs',
      ours: grown,
      unit: 'MB',
      target: 'bounded (≤ 100,000 windows)',
      met: limiter.size <= 100_000,
    },
  ];
}
