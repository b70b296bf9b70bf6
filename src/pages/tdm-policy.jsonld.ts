import type { APIRoute } from 'astro';
import { tdmPolicy } from '../../api/domain/rights/tdm-policy.ts';

// The TDM policy /.well-known/tdmrep.json names: an ODRL offer under the TDMRep profile.
export const GET: APIRoute = ({ site }) =>
  new Response(JSON.stringify(tdmPolicy(site!), null, 2), {
    headers: { 'Content-Type': 'application/ld+json; charset=utf-8' },
  });
