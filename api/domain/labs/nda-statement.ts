// How the sample NDA works today, for agents (the MCP tool get_nda and the resource nda://current): there is no
// NDA document to fetch or sign online yet (the self-serve NDA comes with the dashboard, contract §8), so this says
// what exists: the operator arranges it, and what acceptance and verification open.
import { z } from 'zod';

export const ndaStatementSchema = z
  .object({
    data: z.object({
      document: z.null().describe('The NDA as a document; null until it is published online'),
      arranged_by: z.literal('operator').describe('Who sends the NDA and records its acceptance'),
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
      document: null,
      arranged_by: 'operator',
      how_to_accept: `The sample NDA is arranged with the service operator: there is no NDA to read or sign online yet. Ask for it through ${new URL('/access/', site).href}; once your organisation has signed it, the operator records the acceptance (NDA state "accepted"), then verifies it ("verified").`,
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
