// Building API responses. A JSON response made here is a `Response` to every caller (instanceof, status,
// headers, text(), json(), body…), but it keeps its body string and its headers as a plain record, and builds
// the real web Response only if someone asks for more than that, as @hono/node-server's lightweight Response
// does. The node:http adapter writes the record and the string directly: constructing a web Response, its
// Headers and its body stream costs more than the rest of a catalogue request (measured: 11 µs of ~30 µs).
import { ApiError } from '../errors.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

type Init = { status?: number; headers?: Record<string, string> };

/**
 * Headers named in lower case, as they go on the wire (node writes a response's header record as it is): added to
 * a response made here by a plain copy. Lower-casing each name costs a refusal of a flood 0.3 µs of its ~14.
 */
export type LowerCaseHeaders = Record<Lowercase<string>, string>;

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content' };

/** A Response whose status, headers and body are plain values until something needs the web object. */
class LightResponse {
  readonly status: number;
  /** Lower-case header names. */
  readonly record: Record<string, string>;
  readonly payload: string | Buffer | null;
  #real: Response | undefined;
  #headers: Headers | undefined;

  constructor(body: string | Buffer | null, init: Init) {
    this.status = init.status ?? 200;
    this.payload = body;
    this.record = {};
    if (body !== null) this.record['content-type'] = JSON_TYPE;
    const headers = init.headers;
    for (const name in headers) this.record[name.toLowerCase()] = headers[name]!;
  }

  /** Adds headers whether or not the Headers object exists yet. */
  add(headers: LowerCaseHeaders): void {
    if (this.#headers) setEach(this.#headers, headers);
    else Object.assign(this.record, headers);
  }

  private real(): Response {
    const body =
      typeof this.payload === 'string' || this.payload === null ? this.payload : new Uint8Array(this.payload);
    this.#real ??= new Response(body, { status: this.status, headers: this.headers });
    return this.#real;
  }

  get headers(): Headers {
    if (!this.#headers) {
      this.#headers = new Headers(this.record);
      // From now on the Headers object is the truth; keep the record in step for the adapter.
      const headers = this.#headers;
      const record = this.record;
      const set = headers.set.bind(headers);
      headers.set = (name: string, value: string) => {
        set(name, value);
        record[name.toLowerCase()] = value;
      };
    }
    return this.#headers;
  }
  get ok() {
    return this.status >= 200 && this.status < 300;
  }
  get statusText() {
    return STATUS_TEXT[this.status] ?? '';
  }
  get body() {
    return this.real().body;
  }
  get bodyUsed() {
    return this.#real?.bodyUsed ?? false;
  }
  get type() {
    return 'default' as const;
  }
  get url() {
    return '';
  }
  get redirected() {
    return false;
  }
  text() {
    return this.#real ? this.#real.text() : Promise.resolve(String(this.payload ?? ''));
  }
  json() {
    return this.#real ? this.#real.json() : Promise.resolve(JSON.parse(String(this.payload ?? 'null')));
  }
  arrayBuffer() {
    return this.real().arrayBuffer();
  }
  blob() {
    return this.real().blob();
  }
  bytes() {
    return this.real().bytes();
  }
  formData() {
    return this.real().formData();
  }
  clone() {
    return this.real().clone();
  }
}
Object.setPrototypeOf(LightResponse.prototype, Response.prototype);

/** The plain parts of a response made here: lower-case header names, and the body as it will be sent. */
type LightParts = {
  readonly record: Record<string, string>;
  readonly payload: string | Buffer | null;
};

/** A response made here, for the adapter's fast path (no copy); undefined for any other Response. */
export function lightParts(response: Response): LightParts | undefined {
  return response instanceof LightResponse ? response : undefined;
}

/** Sets headers on any Response; on one made here, without building its Headers. */
export function setHeaders(response: Response, headers: LowerCaseHeaders): void {
  if (response instanceof LightResponse) response.add(headers);
  else setEach(response.headers, headers);
}

function setEach(target: Headers, headers: LowerCaseHeaders): void {
  for (const name in headers) target.set(name, headers[name as Lowercase<string>]!);
}

export function json(data: unknown, init: Init = {}): Response {
  return jsonText(JSON.stringify(data), init);
}

/** A JSON response from an already serialised body: a Buffer when it is sent many times (the catalogue). */
export function jsonText(body: string | Buffer, init: Init = {}): Response {
  return new LightResponse(body, init) as unknown as Response;
}

/** A response without a body (204 to a preflight). */
export function empty(init: Init): Response {
  return new LightResponse(null, init) as unknown as Response;
}

export function errorResponse(error: ApiError): Response {
  const body: { code: string; message: string; fields?: unknown } = {
    code: error.code,
    message: error.message,
  };
  if (error.fields) body.fields = error.fields;
  return json({ error: body }, { status: error.status, headers: error.headers });
}
