// The site's text-and-data-mining policy (W3C TDMRep, Community Group final report): /.well-known/tdmrep.json
// reserves TDM rights on the listings' public previews (clips and slices of the licensed data) and names the policy,
// an ODRL offer under the TDMRep profile saying they may be mined under a licence; the pages and feeds, written for
// agents to read (llms.txt, Croissant, the catalogue), carry no reservation.
import { ODRL_CONTEXT_URL } from './odrl.ts';

export const TDM_POLICY_PATH = '/tdm-policy.jsonld';

export function tdmrep(site: URL): Record<string, unknown>[] {
  return [
    {
      location: '/catalog/*/preview.*',
      'tdm-reservation': 1,
      'tdm-policy': new URL(TDM_POLICY_PATH, site).href,
    },
    { location: '/*', 'tdm-reservation': 0 },
  ];
}

export function tdmPolicy(site: URL): Record<string, unknown> {
  const assigner = new URL('/about/', site).href;
  return {
    '@context': [ODRL_CONTEXT_URL, { tdm: 'http://www.w3.org/ns/tdmrep#' }],
    '@type': 'Offer',
    profile: 'http://www.w3.org/ns/tdmrep',
    uid: new URL(TDM_POLICY_PATH, site).href,
    assigner,
    permission: [
      {
        target: new URL('/catalog/', site).href,
        assigner,
        action: 'tdm:mine',
        // Mining the data a preview comes from is what a licence sells: the listing's own terms say which uses.
        duty: [{ action: 'compensate' }],
      },
    ],
  };
}
