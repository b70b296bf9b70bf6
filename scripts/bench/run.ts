// `npm run bench [-- build|reads|rejections|writes|memory|pages|mcp|matching|desk …]`: measures ours against a baseline measured in
// the same run on the same machine, prints one table (Markdown, for BENCHMARKS.md), and never fails on speed.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { buildPart } from './build-part.ts';
import { deskPart } from './desk.ts';
import { memoryPart } from './memory-part.ts';
import { readsPart } from './reads-part.ts';
import { rejectionsPart } from './rejections-part.ts';
import { writesPart } from './writes-part.ts';
import { matchingPart } from './matching.ts';
import { mcpPart } from './mcp.ts';
import { pagesPart } from './pages.ts';
import { postgresPart } from './postgres.ts';
import { webhooksPart } from './webhooks.ts';
import { table, type Row } from './report.ts';
import { removeScratchDirs } from './scratch.ts';

const PARTS: Record<string, () => Promise<Row[]>> = {
  build: buildPart,
  reads: readsPart,
  rejections: rejectionsPart,
  writes: writesPart,
  memory: memoryPart,
  pages: pagesPart,
  postgres: postgresPart,
  mcp: mcpPart,
  webhooks: webhooksPart,
  matching: matchingPart,
  desk: deskPart,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in PARTS));
if (unknown.length) {
  process.stderr.write(`Unknown part ${unknown.join(', ')}; parts: ${Object.keys(PARTS).join(', ')}\n`);
  process.exit(2);
}
// Every part but the build one runs the built server, as `npm start` does: build first if a fresh clone has none.
const parts = asked.length ? asked : Object.keys(PARTS);
if (parts.some((name) => name !== 'build') && !existsSync('dist/server/entry.mjs')) {
  process.stderr.write('No build in dist/: running "npm run build" first.\n');
  execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'inherit', 'inherit'] });
}
const rows: Row[] = [];
for (const name of parts) {
  const started = performance.now();
  try {
    rows.push(...(await PARTS[name]!()));
  } catch (error) {
    process.stderr.write(`part ${name} failed: ${(error as Error).stack}\n`);
  }
  process.stderr.write(`${name}: ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}
await removeScratchDirs();
const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
process.stdout.write(`\n${new Date().toISOString().slice(0, 10)} on ${machine}\n\n${table(rows)}\n`);
