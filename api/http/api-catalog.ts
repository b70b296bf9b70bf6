// /.well-known/api-catalog (RFC 9727), built by the site as a static file: a linkset (RFC 9264) naming the
// service's APIs and, for each, its description, documentation and status: the REST API (/openapi.json,
// /docs/api/, /llms.txt) and the MCP endpoint (/mcp).
export const API_CATALOG_PATH = '/.well-known/api-catalog';
export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

export function apiCatalog(site: URL) {
  const at = (path: string) => new URL(path, site).href;
  return {
    linkset: [
      {
        anchor: at(API_CATALOG_PATH),
        item: [
          { href: at('/api/v1'), title: 'Data Sourcing Service API v1' },
          { href: at('/mcp'), title: 'Data Sourcing Service MCP server (Streamable HTTP)' },
        ],
      },
      {
        anchor: at('/api/v1'),
        'service-desc': [{ href: at('/openapi.json'), type: 'application/vnd.oai.openapi+json;version=3.1' }],
        'service-doc': [
          { href: at('/docs/api/'), type: 'text/html' },
          { href: at('/llms.txt'), type: 'text/plain' },
        ],
        status: [{ href: at('/api/v1/health'), type: 'application/json' }],
      },
      {
        anchor: at('/mcp'),
        'service-doc': [
          { href: at('/docs/api/#mcp'), type: 'text/html' },
          { href: at('/llms.txt'), type: 'text/plain' },
        ],
      },
    ],
  };
}
