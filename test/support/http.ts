// A tiny HTTP client over node:http, for what fetch cannot do: choose the source address on loopback
// (127.0.0.2, 127.0.0.3, … are distinct clients to the server) and send raw, lying or streaming requests.
import { request } from 'node:http';

export type RawResponse = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Name, value, name, value… as sent: a header sent twice shows twice. */
  rawHeaders: string[];
  body: string;
};

export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; from?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, rawHeaders: res.rawHeaders, body }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
