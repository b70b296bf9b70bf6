// Building API responses. JSON bodies are kept as strings beside their Response so the node:http adapter
// can write them directly instead of reading the Response's stream (the API's hot path).
import { ApiError } from './errors.ts';

const jsonBodies = new WeakMap<Response, string>();

export const JSON_TYPE = 'application/json; charset=utf-8';

export function json(
  data: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return jsonText(JSON.stringify(data), init);
}

/** A JSON response from an already serialised body (e.g. a cached catalogue). */
export function jsonText(
  body: string,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const response = new Response(body, {
    status: init.status ?? 200,
    headers: { 'Content-Type': JSON_TYPE, ...init.headers },
  });
  jsonBodies.set(response, body);
  return response;
}

/** The body string of a response made by json()/jsonText(), if it was. */
export function knownBody(response: Response): string | undefined {
  return jsonBodies.get(response);
}

export function errorResponse(error: ApiError): Response {
  const body: { code: string; message: string; fields?: unknown } = {
    code: error.code,
    message: error.message,
  };
  if (error.fields) body.fields = error.fields;
  return json({ error: body }, { status: error.status, headers: error.headers });
}
