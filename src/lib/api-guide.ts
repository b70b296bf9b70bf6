// The human API guide (/docs/api/) is drawn from the OpenAPI document and the error table, so they agree.
import { ERROR_CODE_NAMES, ERROR_CODES, type ErrorCode } from '../../api/errors.ts';
import { openApiDocument } from '../../api/http/openapi.ts';

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

function curl(method: string, path: string, operation: Operation, base: string, needsKey: boolean): string {
  const concrete = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(operation.parameters?.find((p) => p.name === name)?.example ?? EXAMPLE_IDS[name] ?? name),
  );
  const lines = [
    `curl${method === 'GET' ? '' : ` -X ${method}`} ${base}${concrete}${operation.operationId === 'downloadSample' ? '?token=…' : ''}`,
  ];
  if (needsKey) lines.push('  -H "Authorization: Bearer $DSS_API_KEY"');
  const example = operation.requestBody?.content['application/json']?.example;
  if (example) {
    lines.push('  -H "Content-Type: application/json"', '  -H "Idempotency-Key: $(uuidgen)"');
    lines.push(`  -d '${JSON.stringify(example)}'`);
  }
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
  const document = openApiDocument(site) as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const needsKey = Boolean(
        operation.security?.some((s) => 'apiKey' in s) &&
        !operation.security.some((s) => Object.keys(s).length === 0),
      );
      return {
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        description: operation.description ?? '',
        needsKey,
        sessionOnly: Boolean(operation.security?.length && operation.security.every((s) => 'session' in s)),
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
        curl: curl(method.toUpperCase(), path, operation, site.origin, needsKey),
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
