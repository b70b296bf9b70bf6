import type { APIRoute } from 'astro';
import { tdmrep } from '../../../api/domain/rights/tdm-policy.ts';

// W3C TDMRep: which paths reserve text-and-data-mining rights, and the policy that says how to license them.
export const GET: APIRoute = ({ site }) =>
  new Response(JSON.stringify(tdmrep(site!), null, 2), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
