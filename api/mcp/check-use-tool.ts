// The MCP tool check_use (contract §15): POST /api/v1/catalog/{id}/fit through the API core, as every tool calls its
// endpoint. Its own file, for tools.ts has no room.
import { z } from 'zod';
import { listingId } from '../domain/listings/listing-schema.ts';
import { fitSchema, intendedUseSchema } from '../domain/rights/fit.ts';
import { refusal } from './door.ts';
import { segment } from './arguments.ts';
import type { Tool } from './tool.ts';

const input = intendedUseSchema.extend({
  id: listingId.describe('The listing id, as search_catalog gives them'),
});

export const checkUseTool: Tool = {
  name: 'check_use',
  title: "Check a use against a listing's licence",
  description:
    "Before asking for data, check whether your intended use fits a listing's licence terms: purposes (training, evaluation, fine_tuning, benchmark_publication), commercial, territories (country codes or worldwide) and term_months; a field left out is not checked. Each refusing term is named with the closest value that would fit.",
  keyed: false,
  endpoint: 'POST /api/v1/catalog/{id}/fit',
  input,
  output: fitSchema,
  annotations: { title: "Check a use against a listing's licence", readOnlyHint: true, openWorldHint: false },
  run: async (args, door) => {
    const { id, ...body } = args;
    if (typeof id !== 'string' || id === '') {
      return refusal('invalid', 'Invalid arguments: id. See error.fields.', {
        id: ['required: a listing id as a string, as search_catalog gives them'],
      });
    }
    return door.call({ method: 'POST', path: `/api/v1/catalog/${segment(id)}/fit`, body });
  },
  summary: (body) => {
    const { data } = body as z.output<typeof fitSchema>;
    return data.fits
      ? 'The use fits the licence: every term allows it.'
      : `The use does not fit: ${data.reasons.map((reason) => reason.says).join(' ')}`;
  },
};
