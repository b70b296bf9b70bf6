// How the sample NDA works, for agents (the MCP tool get_nda and the resource nda://current): where it is
// published, where it is accepted (the dashboard, contract §8), and what acceptance and verification open.
import { z } from 'zod';

export const ndaStatementSchema = z
  .object({
    data: z.object({
      document: z
        .url()
        .describe('Where the NDA is published, with its version and SHA-256 (GET /api/v1/nda)'),
      arranged_by: z
        .literal('dashboard')
        .describe('Where the NDA is accepted: by an admin of the lab, signed in'),
      how_to_accept: z.string(),
      unlocks: z.array(z.string()).describe('What an accepted NDA opens'),
      check_state: z.string().describe('How a lab sees its NDA state'),
    }),
  })
  .meta({ id: 'NdaStatement' });

export type NdaStatement = z.output<typeof ndaStatementSchema>;

export function ndaStatement(site: URL): NdaStatement {
  return {
    data: {
      document: new URL('/legal/nda/', site).href,
      arranged_by: 'dashboard',
      how_to_accept: `Read the NDA at ${new URL('/legal/nda/', site).href}. An admin of your organisation accepts it from the dashboard (${new URL('/dashboard/nda/', site).href}) as an authorised signer; no account yet? Request access at ${new URL('/access/', site).href}. Acceptance sets the NDA state to "accepted"; the operator then verifies it ("verified").`,
      unlocks: [
        'accepted: the NDA-only fields of a listing (owner, deidentification_report, composition) on get_listing and GET /api/v1/catalog/{id}; each disclosure is audited',
        'accepted: sample requests (request_sample, POST /api/v1/samples/{id})',
        "verified: the sample's expiring download link is mailed to the account's contact",
      ],
      check_state: 'get_me (GET /api/v1/me) answers nda.state: none, accepted, verified or revoked.',
    },
  };
}

/** The same, as Markdown. */
export function ndaStatementMarkdown(site: URL): string {
  const { how_to_accept, unlocks, check_state } = ndaStatement(site).data;
  return [
    '# The sample NDA',
    '',
    how_to_accept,
    '',
    '## What it opens',
    '',
    ...unlocks.map((line) => `- ${line}`),
    '',
    `Your organisation's state: ${check_state}`,
    '',
  ].join('\n');
}
