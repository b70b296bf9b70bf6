// `npm run bench -- mcp`: MCP search_catalog calls per second (a POST /mcp with a JSON-RPC tools/call, answered by
// a fresh stateless MCP server that calls the API core) beside GET /api/v1/catalog, on the same server in the same
// run, in turns (the machine's speed drifts: see load.ts). Prints figures; never fails on speed.
import { servedWithCpu, UNLIMITED, type LoadWithCpu } from './load.ts';
import { startOurs } from './processes.ts';
import type { Row } from './report.ts';
import { scratchDir } from './scratch.ts';

const ROUNDS = 3;
const log = (message: string) => process.stderr.write(`${message}\n`);

const toolCall = (args: Record<string, string>) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_catalog', arguments: args },
  });

const MCP_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'Mcp-Protocol-Version': '2025-06-18',
};

export async function mcpPart(): Promise<Row[]> {
  const ours = await startOurs({ ...UNLIMITED, DATA_DIR: await scratchDir('mcp') });
  const rows: Row[] = [];
  try {
    for (const [label, query, args] of [
      ['', '', {}],
      [', language=en', '?language=en', { language: 'en' }],
    ] as const) {
      // One call first: the figure means nothing if the tool answers an error.
      const probe = await fetch(`${ours.url}/mcp`, {
        method: 'POST',
        headers: MCP_HEADERS,
        body: toolCall(args),
      });
      const probed = (await probe.json()) as {
        result?: { isError?: boolean; structuredContent?: { count: number } };
      };
      if (probe.status !== 200 || probed.result?.isError || !probed.result?.structuredContent) {
        throw new Error(`search_catalog answered ${probe.status}: ${JSON.stringify(probed).slice(0, 300)}`);
      }
      const rounds: [LoadWithCpu, LoadWithCpu][] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const get = await servedWithCpu(ours.pid, { url: `${ours.url}/api/v1/catalog${query}` });
        const mcp = await servedWithCpu(ours.pid, {
          url: `${ours.url}/mcp`,
          method: 'POST',
          headers: MCP_HEADERS,
          body: toolCall(args),
        });
        log(
          `mcp${label} (${round}/${ROUNDS}): GET ${Math.round(get.requestsPerSecond)}/s; MCP ${Math.round(mcp.requestsPerSecond)}/s at ${mcp.cpuUsPerRequest.toFixed(1)} µs`,
        );
        rounds.push([get, mcp]);
      }
      const ratio = ([get, mcp]: [LoadWithCpu, LoadWithCpu]) => mcp.requestsPerSecond / get.requestsPerSecond;
      const [get, mcp] = [...rounds].sort((a, b) => ratio(a) - ratio(b))[Math.floor(ROUNDS / 2)]!;
      const failed = rounds.reduce((sum, [, m]) => sum + m.errors + m.non2xx, 0);
      rows.push(
        {
          figure: `MCP search_catalog${label} calls/s (baseline: GET /api/v1/catalog${query})`,
          ours: mcp.requestsPerSecond,
          baseline: get.requestsPerSecond,
          unit: '/s',
        },
        {
          figure: `MCP search_catalog${label} p99 (baseline: GET)`,
          ours: mcp.p99,
          baseline: get.p99,
          unit: 'ms',
        },
        {
          figure: `MCP search_catalog${label} server CPU per call (baseline: GET)`,
          ours: mcp.cpuUsPerRequest,
          baseline: get.cpuUsPerRequest,
          unit: 'µs',
        },
        {
          figure: `MCP search_catalog${label}: errors (all rounds)`,
          ours: failed,
          unit: '',
          target: '0',
          met: failed === 0,
        },
      );
    }
  } finally {
    await ours.stop();
  }
  return rows;
}
