// The human API guide (/docs/api/) is drawn from the OpenAPI document and the error table, so they agree.
import { ERROR_CODE_NAMES, ERROR_CODES, type ErrorCode } from '../../api/errors.ts';
import { apiDocument } from '../../api/handlers/endpoints.ts';

type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; example?: string }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { example?: unknown }> }>;
};

export type GuideEntry = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  needsKey: boolean;
  /** Only with the dashboard's session cookie (contract §8): keys, team, the NDA's acceptance. */
  sessionOnly: boolean;
  parameters: { name: string; where: string; required: boolean; description: string }[];
  responses: { status: string; description: string }[];
  curl: string;
  /** The documented answer of success, when the document gives one: its status and its JSON, indented. */
  answer: { status: string; json: string } | null;
};

const EXAMPLE_IDS: Record<string, string> = { id: 'us-auto-insurance-claims-calls' };

/** Past this, a curl line is broken (with a `\` continuation) where it can be: the guide's boxes are narrow. */
const LINE = 72;

/**
 * JSON for a reader: one member per line, an array of plain values on one line while it stays short. Its
 * continuation lines start with `indent`.
 */
function readableJson(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    const flat = `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
    if (value.every((item) => item === null || typeof item !== 'object') && flat.length <= LINE - 24)
      return flat;
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${indent}  ${readableJson(item, `${indent}  `)}`).join(',\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const members = Object.entries(value);
    if (members.length === 0) return '{}';
    const lines = members.map(
      ([key, item]) => `${indent}  ${JSON.stringify(key)}: ${readableJson(item, `${indent}  `)}`,
    );
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** A word for the shell inside single quotes ('…'\''…' for a quote within). */
const singleQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** How the example calls: with a key, or (session-only endpoints) with the dashboard's cookie of this name. */
type Credentials = { key: boolean; sessionCookie?: string };

function curl(method: string, path: string, operation: Operation, base: string, as: Credentials): string {
  const concrete = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(operation.parameters?.find((p) => p.name === name)?.example ?? EXAMPLE_IDS[name] ?? name),
  );
  const address = `${base}${concrete}${operation.operationId === 'downloadSample' ? '?token=…' : ''}`;
  // A query's ? and & mean something to the shell: quoted.
  const url = /[?&]/.test(address) ? `"${address}"` : address;
  const command = `curl${method === 'GET' ? '' : ` -X ${method}`}`;
  // A long address goes on a line of its own rather than past the edge of the box.
  const lines = `${command} ${url}`.length <= LINE ? [`${command} ${url}`] : [command, `  ${url}`];
  if (as.key) lines.push('  -H "Authorization: Bearer $DSS_API_KEY"');
  // The dashboard's cookie, and for an unsafe request the site's own Origin, or it is 403 (contract §8).
  if (as.sessionCookie) {
    lines.push(`  -b "${as.sessionCookie}=$DSS_SESSION"`);
    if (method !== 'GET') lines.push(`  -H "Origin: ${base}"`);
  }
  const example = operation.requestBody?.content['application/json']?.example;
  if (example) lines.push('  -H "Content-Type: application/json"');
  // Only where the endpoint reads it (POST /api/v1/requests).
  if (operation.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'))
    lines.push('  -H "Idempotency-Key: $(uuidgen)"');
  if (example) lines.push(`  -d ${singleQuoted(readableJson(example, '  '))}`);
  return lines.join(' \\\n');
}

function exampleAnswer(operation: Operation): GuideEntry['answer'] {
  for (const [status, response] of Object.entries(operation.responses)) {
    const example = response.content?.['application/json']?.example;
    if (status.startsWith('2') && example !== undefined)
      return { status, json: JSON.stringify(example, null, 2) };
  }
  return null;
}

export function apiGuide(site: URL): GuideEntry[] {
  const document = apiDocument(site) as {
    paths: Record<string, Record<string, Operation>>;
    components: { securitySchemes: { session: { name: string } } };
  };
  const sessionCookie = document.components.securitySchemes.session.name;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const needsKey = Boolean(
        operation.security?.some((s) => 'apiKey' in s) &&
        !operation.security.some((s) => Object.keys(s).length === 0),
      );
      const sessionOnly = Boolean(
        operation.security?.length && operation.security.every((s) => 'session' in s),
      );
      return {
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        description: operation.description ?? '',
        needsKey,
        sessionOnly,
        parameters: (operation.parameters ?? []).map((p) => ({
          name: p.name,
          where: p.in,
          required: Boolean(p.required),
          description: p.description ?? '',
        })),
        responses: Object.entries(operation.responses).map(([status, response]) => ({
          status,
          description: response.description,
        })),
        curl: curl(method.toUpperCase(), path, operation, site.origin, {
          key: needsKey,
          sessionCookie: sessionOnly ? sessionCookie : undefined,
        }),
        answer: exampleAnswer(operation),
      };
    }),
  );
}

export type ErrorGuideRow = { status: number; code: ErrorCode; what: string };

/** The guide's error table: every code, when it comes and what to do, in the order of ERROR_CODES. */
export function errorGuide(): ErrorGuideRow[] {
  return ERROR_CODE_NAMES.map((code) => {
    const { status, when, todo } = ERROR_CODES[code];
    return { status, code, what: `${when}. ${todo}` };
  });
}
