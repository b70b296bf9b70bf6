// The OpenAPI 3.1 document of /api/v1, derived from the endpoints' declarations and the zod schemas they name
// (z.toJSONSchema), never written by hand. Served by the build as /openapi.json.
import type { ApiDeclaration } from '../endpoint.ts';
import { createComponents } from './components.ts';
import { EVERY_ANSWER_HEADERS } from './headers.ts';
import { webhooksOf } from './events.ts';
import { operationOf } from './operation.ts';

/** `/api/v1/catalog/:id` → `/api/v1/catalog/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export function openApiDocument(siteUrl: URL, api: ApiDeclaration): Record<string, unknown> {
  const components = createComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of api.endpoints) {
    const operations = (paths[openApiPath(endpoint.path)] ??= {});
    operations[endpoint.method.toLowerCase()] = operationOf(endpoint, components, siteUrl);
  }
  const webhooks = webhooksOf(api.events, components);
  const at = (path: string) => new URL(path, siteUrl).href;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Data Sourcing Service API',
      version: '1.0.0',
      summary: 'Licensed AI training data: conversational audio and medical imaging.',
      description: `Public catalogue and demand board without authentication; data requests, samples and NDA-only fields with an API key (Authorization: Bearer <API_KEY>). Every error is { "error": { "code", "message" } }, with error.fields on 422. Rate limits: per client IP for public requests, per key for keyed ones; see the RateLimit headers.\n\nAgents: the same operations are MCP tools at ${at('/mcp')} (Model Context Protocol over Streamable HTTP, stateless; send the same Authorization header for the keyed tools). Guide: ${at('/llms.txt')}; discovery: ${at('/.well-known/api-catalog')}.`,
      contact: { name: 'Data Sourcing Service', url: at('/access/') },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: siteUrl.origin }],
    tags: api.tags,
    security: [],
    paths,
    webhooks,
    components: {
      schemas: components.schemas(),
      headers: EVERY_ANSWER_HEADERS,
      securitySchemes: securitySchemes(siteUrl),
    },
  };
}

function securitySchemes(siteUrl: URL) {
  return {
    apiKey: {
      type: 'http',
      scheme: 'bearer',
      description: 'An API key (dss_ followed by 38 characters), created in the dashboard (/dashboard/keys/)',
    },
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: siteUrl.protocol === 'https:' ? '__Host-dss_session' : 'dss_session',
      description:
        'The dashboard session, set by following a sign-in link (/signin/). Unsafe requests must come from the site origin.',
    },
  };
}
