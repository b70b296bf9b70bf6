// The API's route table: every endpoint, its handler, and who may call it. /openapi.json documents each of them
// (a test holds the two together).
import { getListing, listCatalog } from '../handlers/catalog.ts';
import { listDemand } from '../handlers/demand.ts';
import { health } from '../handlers/health.ts';
import { getMe } from '../handlers/me.ts';
import { createRequest, getRequest, listRequests, withdraw } from '../handlers/requests.ts';
import { downloadSample } from '../handlers/sample-download.ts';
import { askForSample, freshSampleLink, getSampleRequest, listSampleRequests } from '../handlers/samples.ts';
import { createAccessRequest } from '../handlers/access-requests.ts';
import { createKey, listKeys, revokeOwnKey, rotateOwnKey } from '../handlers/keys.ts';
import { acceptNda, getNda } from '../handlers/nda.ts';
import { askForSigninLink, logout } from '../handlers/session.ts';
import { cancelOwnInvitation, invite, listInvitations, listTeam, removeMember } from '../handlers/team.ts';
import {
  createWebhook,
  listDeliveries,
  listWebhooks,
  getWebhook,
  removeWebhook,
  testWebhook,
} from '../handlers/webhooks.ts';
import type { Route } from './router.ts';
import type { Handler } from './types.ts';

/**
 * public: anyone, counted per client IP (per key or account when one is sent); key: a lab, by API key or dashboard
 * session; session: a signed-in person (a key is 403); unlimited: neither counted nor required.
 */
export type Access = 'public' | 'key' | 'session' | 'unlimited';
/**
 * readsQuery: the handler parses its own query string. Every other endpoint takes none, and the pipeline refuses
 * one (422) before the handler runs: an unknown parameter is never silently ignored (contract §9).
 */
export type Endpoint = { handle: Handler; access: Access; readsQuery: boolean };

const route = (
  method: string,
  path: string,
  handle: Handler,
  access: Access = 'public',
  { readsQuery = false } = {},
): Route<Endpoint> => ({
  method,
  path,
  handler: { handle, access, readsQuery },
});
const READS_QUERY = { readsQuery: true };

export const ROUTES: readonly Route<Endpoint>[] = [
  route('GET', '/api/v1/health', health, 'unlimited'),
  route('GET', '/api/v1/catalog', listCatalog, 'public', READS_QUERY),
  route('GET', '/api/v1/catalog/:id', getListing),
  route('GET', '/api/v1/demand', listDemand, 'public', READS_QUERY),
  route('POST', '/api/v1/requests', createRequest, 'key'),
  route('GET', '/api/v1/requests', listRequests, 'key', READS_QUERY),
  route('GET', '/api/v1/requests/:id', getRequest, 'key'),
  route('POST', '/api/v1/requests/:id/withdraw', withdraw, 'key'),
  route('POST', '/api/v1/samples/:id', askForSample, 'key', READS_QUERY),
  route('GET', '/api/v1/samples/:id/download', downloadSample, 'public', READS_QUERY),
  route('GET', '/api/v1/sample-requests', listSampleRequests, 'key', READS_QUERY),
  route('GET', '/api/v1/sample-requests/:id', getSampleRequest, 'key'),
  route('POST', '/api/v1/sample-requests/:id/link', freshSampleLink, 'key'),
  route('GET', '/api/v1/me', getMe, 'key'),
  route('POST', '/api/v1/access-requests', createAccessRequest),
  route('POST', '/api/v1/session/link', askForSigninLink),
  route('POST', '/api/v1/session/logout', logout, 'session', READS_QUERY),
  route('GET', '/api/v1/nda', getNda),
  route('POST', '/api/v1/nda/acceptances', acceptNda, 'session'),
  route('GET', '/api/v1/keys', listKeys, 'session'),
  route('POST', '/api/v1/keys', createKey, 'session'),
  route('POST', '/api/v1/keys/:id/rotate', rotateOwnKey, 'session'),
  route('DELETE', '/api/v1/keys/:id', revokeOwnKey, 'session'),
  route('GET', '/api/v1/team', listTeam, 'session'),
  route('POST', '/api/v1/team/invitations', invite, 'session'),
  route('GET', '/api/v1/team/invitations', listInvitations, 'session'),
  route('DELETE', '/api/v1/team/invitations/:id', cancelOwnInvitation, 'session'),
  route('DELETE', '/api/v1/team/:id', removeMember, 'session'),
  route('POST', '/api/v1/webhooks', createWebhook, 'session'),
  route('GET', '/api/v1/webhooks', listWebhooks, 'session'),
  route('GET', '/api/v1/webhooks/:id', getWebhook, 'session'),
  route('DELETE', '/api/v1/webhooks/:id', removeWebhook, 'session'),
  route('POST', '/api/v1/webhooks/:id/test', testWebhook, 'session'),
  route('GET', '/api/v1/webhooks/:id/deliveries', listDeliveries, 'session', READS_QUERY),
];
