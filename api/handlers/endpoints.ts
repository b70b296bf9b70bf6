// Every endpoint of /api/v1, as its handler file declares it: the composition hands this list to the pipeline
// (createApi) and to the document (/openapi.json), so a new endpoint is added in its handler file and here.
import type { ApiDeclaration, Endpoint } from '../http/endpoint.ts';
import { openApiDocument } from '../http/openapi/document.ts';
import { accessRequestEndpoints } from './access-requests.ts';
import { catalogEndpoints } from './catalog.ts';
import { demandEndpoints } from './demand.ts';
import { fitEndpoints } from './fit.ts';
import { healthEndpoints } from './health.ts';
import { keyEndpoints } from './keys.ts';
import { meEndpoints } from './me.ts';
import { ndaEndpoints } from './nda.ts';
import { requestMessageEndpoints } from './request-messages.ts';
import { recallEndpoints } from './recalls.ts';
import { requestEndpoints } from './requests.ts';
import { sampleDownloadEndpoints } from './sample-download.ts';
import { sampleEndpoints } from './samples.ts';
import { sessionEndpoints } from './session.ts';
import { teamEndpoints } from './team.ts';
import { webhookEndpoints, webhookEvents } from './webhooks.ts';

// In the document's order: the lab's API first, then the self-serve endpoints (contract §8), then webhooks.
export const ENDPOINTS: readonly Endpoint[] = [
  ...catalogEndpoints,
  ...fitEndpoints,
  ...demandEndpoints,
  ...requestEndpoints,
  ...requestMessageEndpoints,
  ...sampleEndpoints,
  ...sampleDownloadEndpoints,
  ...recallEndpoints,
  ...meEndpoints,
  ...healthEndpoints,
  ...accessRequestEndpoints,
  ...sessionEndpoints,
  ...ndaEndpoints,
  ...keyEndpoints,
  ...teamEndpoints,
  ...webhookEndpoints,
];

export const API: ApiDeclaration = {
  endpoints: ENDPOINTS,
  events: webhookEvents,
  tags: [
    { name: 'Catalogue', description: 'Listings of licensable datasets' },
    { name: 'Demand', description: 'The public, anonymised demand board' },
    { name: 'Requests', description: 'Your data requests' },
    { name: 'Samples', description: 'Samples under NDA' },
    {
      name: 'Recalls',
      description: 'Items withdrawn from what you received, and your deletion attestations',
    },
    { name: 'Account', description: 'Access, sign-in, your organisation and the NDA' },
    { name: 'Keys', description: 'API keys, managed from the dashboard' },
    { name: 'Team', description: "Your organisation's accounts" },
    { name: 'Operations', description: 'Health' },
    { name: 'Webhooks', description: 'Events pushed to your endpoints, signed' },
  ],
};

/** /openapi.json for a site. */
export const apiDocument = (site: URL) => openApiDocument(site, API);
