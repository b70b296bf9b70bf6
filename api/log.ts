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
  const push = (record: Record<string, unknown>) => {
    pending.push(JSON.stringify({ time: new Date().toISOString(), ...record }) + '\n');
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return {
    request: (line) => push({ ...line, durationMs: Math.round(line.durationMs * 100) / 100 }),
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
