// GET /api/v1/recalls and POST /api/v1/recalls/{id}/acknowledgements (contract §15), by key or session: a lab's
// deletion pipeline is often a script, so a key may attest as a signed-in person may; the record says which key.
// Another organisation's recall is 404; a second acknowledgement is 409.
import { z } from 'zod';
import * as recallActions from '../actions/recalls.ts';
import { recallData } from '../domain/webhooks/event-schemas.ts';
import { acknowledgementSchema } from '../domain/recalls/recall-schema.ts';
import { acknowledgementView } from '../domain/recalls/views.ts';
import { readJsonBody } from '../http/body.ts';
import type { Endpoint } from '../http/endpoint.ts';
import { pathId } from '../http/openapi/parameters.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseBody } from '../http/validation.ts';
import { actingFor } from './acting.ts';

export const listRecalls: Handler = async (_request, context) => {
  const data = await recallActions.recallsOfLab(actingFor(context));
  return json({ data, count: data.length });
};

export const acknowledgeRecall: Handler = async (request, context) => {
  const body = await readJsonBody(request, context.deps.config.maxBodyBytes);
  const input = parseBody(acknowledgementSchema, body.value, 'acknowledgement');
  const ack = await recallActions.acknowledgeRecall(actingFor(context, request), context.params.id!, input);
  return json({ data: { recall_id: ack.recall_id, ...acknowledgementView(ack) } }, { status: 201 });
};

const acknowledgementShape = z.object({
  deleted: z.literal(true),
  statement: z.string(),
  account_id: z.string().describe('Who attested: the account signed in, or the account the key belongs to'),
  key_id: z.string().nullable().describe('The key used, when attested by key'),
  ip: z.string(),
  created_at: z.iso.datetime(),
});

const recallShape = recallData
  .extend({ acknowledgement: acknowledgementShape.nullable().describe("Your organisation's, once given") })
  .meta({ id: 'Recall' });

const common = { access: 'key', tag: 'Recalls' } as const;

// Declared once: the route table and /openapi.json are read from these (endpoints.ts).
export const recallEndpoints: Endpoint[] = [
  {
    ...common,
    method: 'GET',
    path: '/api/v1/recalls',
    handle: listRecalls,
    operationId: 'listRecalls',
    summary: "Your organisation's recalls",
    description:
      'API key or dashboard session. Items withdrawn from listings your organisation received a sample of or licensed, newest first: each item with the sample files that hold it and their SHA-256, the reason, and your acknowledgement if given. Each is also sent as a listing.recalled webhook event and by mail.',
    responses: [
      {
        status: 200,
        description: 'Newest first',
        schema: z.object({ data: z.array(recallShape), count: z.int() }).meta({ id: 'RecallList' }),
      },
    ],
    errors: ['unauthorized', 'rate_limited'],
  },
  {
    ...common,
    method: 'POST',
    path: '/api/v1/recalls/:id/acknowledgements',
    handle: acknowledgeRecall,
    parameters: [pathId('The recall (rcl_…)', 'rcl_5TgY8uKp2RwQ6zXm3sVd')],
    body: {
      schema: acknowledgementSchema,
      example: {
        deleted: true,
        statement: 'Deleted the recalled files from our training store and its backups on 2026-11-28.',
      },
    },
    operationId: 'acknowledgeRecall',
    summary: 'Attest that recalled items are deleted',
    description:
      'API key or dashboard session. Records who attested (the account, and the key if one was used), when and from which address. Once per organisation: a second is 409 conflict. statement: 1 to 2,000 characters.',
    responses: [
      {
        status: 201,
        description: 'Recorded',
        schema: z
          .object({ data: acknowledgementShape.extend({ recall_id: z.string() }) })
          .meta({ id: 'RecallAcknowledgement' }),
      },
    ],
    errors: ['unauthorized', 'not_found', 'conflict', 'invalid', 'rate_limited'],
  },
];
