// One endpoint's declaration as an OpenAPI operation: security from its access, parameters from its query schema,
// its body, its answers, and its refusals, with those every endpoint of its kind can give.
import type { ErrorCode } from '../../errors.ts';
import { readsQuery, type Access, type BodyDeclaration, type Endpoint } from '../endpoint.ts';
import type { Components } from './components.ts';
import { queryParameters } from './parameters.ts';
import { answer, errorResponses, exampleFor } from './responses.ts';

const SECURITY: Record<Access, Record<string, never[]>[]> = {
  key: [{ apiKey: [] }, { session: [] }],
  session: [{ session: [] }],
  public: [{}, { apiKey: [] }, { session: [] }],
  unlimited: [{}, { apiKey: [] }, { session: [] }],
};

/** What reading a JSON body can refuse: malformed (400), too large (413), not JSON (415), invalid (422). */
const BODY_REFUSALS: ErrorCode[] = ['bad_request', 'payload_too_large', 'unsupported_media_type', 'invalid'];

function requestBody(components: Components, body: BodyDeclaration, site: URL) {
  const schema = components.ref(body.schema, 'input');
  const example = body.example === undefined ? {} : { example: exampleFor(body.example, site) };
  return {
    required: !body.optional,
    content: {
      'application/json': { schema, ...example },
      ...(body.form ? { 'application/x-www-form-urlencoded': { schema } } : {}),
    },
  };
}

/**
 * The refusals the pipeline gives whatever the endpoint says, added where it does not document them itself: 401 for
 * an Authorization header that fails (refused everywhere, even where none is read: contract §5); 403 for an unsafe
 * request made with a session cookie from another origin, or a form from another site's page; 422 for a query
 * string it does not read; BODY_REFUSALS wherever a body is read; and 503 when the store cannot be asked or
 * written (a key is looked up in it, so any operation can meet it).
 */
function commonRefusals(endpoint: Endpoint): ErrorCode[] {
  const sessionRead = endpoint.access !== 'unlimited';
  const crossSite = (endpoint.method !== 'GET' && sessionRead) || endpoint.body?.form === true;
  return [
    'unauthorized',
    ...(crossSite ? ['forbidden' as const] : []),
    ...(readsQuery(endpoint) ? [] : ['invalid' as const]),
    ...(endpoint.body ? BODY_REFUSALS : []),
    'unavailable',
  ];
}

export function operationOf(endpoint: Endpoint, components: Components, site: URL) {
  const parameters = [
    ...(endpoint.parameters ?? []),
    ...(endpoint.query ? queryParameters(endpoint.query) : []),
  ];
  const body = endpoint.body && requestBody(components, endpoint.body, site);
  const counted = endpoint.access !== 'unlimited';
  const responses: Record<string, unknown> = {};
  for (const declared of endpoint.responses)
    responses[declared.status] = answer(components, declared, site, counted);
  Object.assign(responses, errorResponses(components, endpoint.errors));
  for (const code of commonRefusals(endpoint))
    for (const [status, response] of Object.entries(errorResponses(components, [code])))
      responses[status] ??= response;
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [endpoint.tag],
    security: endpoint.noCredentials ? [{}] : SECURITY[endpoint.access],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}
