// One JSON line per API request on stdout (contract §5): never a key, never a body. Lines are batched and
// written once per tick, because a synchronous write per request would cap the API's throughput.
import type { Writable } from 'node:stream';

export type RequestLine = {
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  clientIp: string;
  keyId: string | null;
};

export type RequestLog = {
  request(line: RequestLine): void;
  error(requestId: string, error: unknown): void;
  info(message: string, fields?: Record<string, unknown>): void;
  flush(): void;
};

export function createRequestLog(out: Writable = process.stdout, err: Writable = process.stderr): RequestLog {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    out.write(pending.join(''));
    pending = [];
  };
  const queue = (text: string) => {
    pending.push(text);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  const push = (record: Record<string, unknown>) =>
    queue(JSON.stringify({ time: new Date().toISOString(), ...record }) + '\n');
  return {
    // Written out by hand: this runs for every API request, and a generic stringify of a spread object costs more.
    request(line) {
      const key = line.keyId === null ? 'null' : JSON.stringify(line.keyId);
      queue(
        `{"time":"${new Date().toISOString()}","requestId":${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)},` +
          `"route":${JSON.stringify(line.route)},"status":${line.status},"durationMs":${Math.round(line.durationMs * 100) / 100},` +
          `"clientIp":${JSON.stringify(line.clientIp)},"keyId":${key}}\n`,
      );
    },
    info: (message, fields = {}) => push({ level: 'info', msg: message, ...fields }),
    error(requestId, error) {
      // The stack goes to the operator's log, never into a response.
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      err.write(
        JSON.stringify({ time: new Date().toISOString(), level: 'error', requestId, error: detail }) + '\n',
      );
    },
    flush,
  };
}

/** For tests and tools that want no output. */
export const silentLog: RequestLog = { request() {}, error() {}, info() {}, flush() {} };
