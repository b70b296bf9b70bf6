// The API's route table: every endpoint, its handler, and who may call it. /openapi.json documents each of them
// (a test holds the two together).
import { getListing, listCatalog } from '../handlers/catalog.ts';
import { listDemand } from '../handlers/demand.ts';
import { health } from '../handlers/health.ts';
import { getMe } from '../handlers/me.ts';
import { createRequest, getRequest, listRequests, withdraw } from '../handlers/requests.ts';
import { downloadSample } from '../handlers/sample-download.ts';
import { askForSample, freshSampleLink, getSampleRequest, listSampleRequests } from '../handlers/samples.ts';
import type { Route } from './router.ts';
import type { Handler } from './types.ts';

/** public: anyone, counted per client IP (per key when one is sent); key: an API key is required; unlimited: neither. */
export type Access = 'public' | 'key' | 'unlimited';
export type Endpoint = { handle: Handler; access: Access };

const route = (
  method: string,
  path: string,
  handle: Handler,
  access: Access = 'public',
): Route<Endpoint> => ({
  method,
  path,
  handler: { handle, access },
});

export const ROUTES: readonly Route<Endpoint>[] = [
  route('GET', '/api/v1/health', health, 'unlimited'),
  route('GET', '/api/v1/catalog', listCatalog),
  route('GET', '/api/v1/catalog/:id', getListing),
  route('GET', '/api/v1/demand', listDemand),
  route('POST', '/api/v1/requests', createRequest, 'key'),
  route('GET', '/api/v1/requests', listRequests, 'key'),
  route('GET', '/api/v1/requests/:id', getRequest, 'key'),
  route('POST', '/api/v1/requests/:id/withdraw', withdraw, 'key'),
  route('POST', '/api/v1/samples/:id', askForSample, 'key'),
  route('GET', '/api/v1/samples/:id/download', downloadSample),
  route('GET', '/api/v1/sample-requests', listSampleRequests, 'key'),
  route('GET', '/api/v1/sample-requests/:id', getSampleRequest, 'key'),
  route('POST', '/api/v1/sample-requests/:id/link', freshSampleLink, 'key'),
  route('GET', '/api/v1/me', getMe, 'key'),
];
