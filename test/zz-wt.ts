import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
const cpu = () => { const a = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number); return a[0]!+a[1]!+a[2]!+a[5]!+a[6]!; };
const entry = new URL('/work/main/api/domain/mail/transport-thread.ts', 'file://');
const c = cpu(); const t = performance.now();
for (let i = 0; i < 10; i++) {
  const w = new Worker(entry, { workerData: { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'a@b.c', dataDir: '/tmp' } });
  await new Promise((r) => setTimeout(r, 10));
  await new Promise<void>((resolve) => { w.postMessage({ id: 1, request: { op: 'noop' } }); w.once('message', () => resolve()); w.once('error', () => resolve()); setTimeout(resolve, 3000); });
  await w.terminate();
}
console.log('10 threads: ms', (performance.now() - t).toFixed(0), 'cpu s', (cpu() - c) / 100);
