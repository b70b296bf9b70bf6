// The bodies of the self-serve endpoints (contract §8), as zod schemas: they validate JSON and form posts alike,
// drive error.fields, and document the endpoints in /openapi.json. Every text that can reach a mail is one line.
import { z } from 'zod';
import { freeText } from '../free-text.ts';
import { VERTICALS } from '../vocabulary.ts';
import { vocabularyTerm } from '../vocabulary-term.ts';
import { required } from '../zod-messages.ts';
import { mailboxSchema } from './mailbox.ts';

// Control characters (CR and LF among them) and the Unicode line separators: a name stays on one line.
const NOT_ONE_LINE = /[\0-\x1f\x7f-\x9f\u2028\u2029]/;

/** A short, single-line text (a name, an organisation, a title). */
export const lineText = (what: string, max = 200) =>
  z
    .string({ error: `give ${what}` })
    .trim()
    .min(1, { error: `give ${what}` })
    .max(max, { error: `keep ${what} within ${max} characters` })
    .refine((text) => !NOT_ONE_LINE.test(text) && text.isWellFormed(), {
      error: `${what} must be one line of text, without control characters`,
    });

const email = mailboxSchema.describe('One plain address such as lead@lab.example');

export const accessRequestSchema = z
  .strictObject({
    organisation: lineText('the organisation’s name'),
    name: lineText('your name'),
    email,
    intended_use: freeText({
      min: 20,
      max: 5000,
      what: 'what you intend to use the data for',
      error: required('text saying what you intend to use the data for'),
    }),
    verticals: z
      .array(vocabularyTerm(VERTICALS, 'a vertical'), {
        error: `must be a list of verticals, e.g. ["${VERTICALS[0]}"]`,
      })
      .max(VERTICALS.length, { error: `name at most the ${VERTICALS.length} verticals, each once` })
      .optional(),
  })
  .meta({ id: 'AccessRequestInput' });
export type AccessRequestInput = z.output<typeof accessRequestSchema>;

export const signinLinkSchema = z.strictObject({ email }).meta({ id: 'SigninLinkInput' });

export const ndaAcceptanceSchema = z
  .strictObject({
    version: z
      .string({ error: required('the version GET /api/v1/nda gives, as text, e.g. "2026-11-01"') })
      .max(50, { error: 'must be the version GET /api/v1/nda gives, e.g. "2026-11-01"' }),
    sha256: z
      .string({ error: required('the sha256 GET /api/v1/nda gives: 64 hexadecimal characters') })
      .max(64, { error: 'must be the sha256 GET /api/v1/nda gives: 64 hexadecimal characters' }),
    signer_name: lineText('the signer’s name'),
    signer_title: lineText('the signer’s title'),
    authorised: z.literal(true, { error: 'confirm that you are authorised to sign for your organisation' }),
  })
  .meta({ id: 'NdaAcceptanceInput' });

// Each check of a number says the one thing to enter (contract §5): zod's own words ("Too small: expected number
// to be >=1", "received NaN") name neither the unit nor the range, on the API and the forms alike.
const wholeNumber = (error: string, min: number, max: number) =>
  z.int({ error }).min(min, { error }).max(max, { error });

export const newKeySchema = z
  .strictObject({
    name: lineText('a name for the key', 100),
    expires_in_days: wholeNumber(
      'give a whole number of days from 1 to 365, or leave it out for a key that does not expire',
      1,
      365,
    )
      .optional()
      .describe('Refused after this many days; never, if left out'),
  })
  .meta({ id: 'NewKeyInput' });

export const rotateKeySchema = z
  .strictObject({
    grace_hours: wholeNumber(
      'give a whole number of hours from 0 to 24 (0 refuses the old key at once)',
      0,
      24,
    )
      .default(0)
      .describe('Hours the old key keeps working (0–24); 0 refuses it at once'),
  })
  .meta({ id: 'RotateKeyInput' });

export const invitationSchema = z
  .strictObject({ email, role: z.enum(['admin', 'member'], { error: 'choose admin or member' }) })
  .meta({ id: 'InvitationInput' });
