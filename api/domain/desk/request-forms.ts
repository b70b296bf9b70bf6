// The desk's forms on a request's page (contract §13): a reply, a move with its outcome and message, an internal
// note and an owner. Terms in any case ("Proposal sent"); a blank outcome, message or owner is none.
import { z } from 'zod';
import { freeText } from '../free-text.ts';
import { REQUEST_OUTCOMES, REQUEST_STATUSES } from '../vocabulary.ts';
import { vocabularyTerm } from '../vocabulary-term.ts';
import { required } from '../zod-messages.ts';

const blankIsNone = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const replySchema = z.object({
  message: freeText({ min: 1, max: 5000, what: 'your reply', error: required('your reply to the lab') }),
});

export const moveSchema = z.object({
  status: vocabularyTerm(REQUEST_STATUSES.slice(1), 'a status to move to'),
  outcome: z.preprocess(blankIsNone, vocabularyTerm(REQUEST_OUTCOMES, 'an outcome').optional()),
  message: z.preprocess(
    blankIsNone,
    z.string().max(5000, { error: 'keep it within 5,000 characters' }).optional(),
  ),
});

export const noteSchema = z.object({
  note: freeText({ min: 1, max: 5000, what: 'the note', error: required('the note') }),
});

/** A staff id from the select, or blank: no owner (every lead answers for it). */
export const ownerSchema = z.object({
  owner: z.preprocess(blankIsNone, z.string().max(80).optional()),
});
