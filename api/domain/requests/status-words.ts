// A data request's status and outcome as a person reads them, in the dashboard and in the lab's mail alike:
// "Proposal sent", "Closed: no match", never the API's proposal_sent or no_match.
import type { DataRequestRecord } from '../../store/records.ts';

/** A status as a person reads it. */
export const STATUS_WORDS: Record<DataRequestRecord['status'], string> = {
  received: 'Received',
  in_review: 'In review',
  proposal_sent: 'Proposal sent',
  closed: 'Closed',
};

/** An outcome as a person reads it: "no match". */
export const outcomeWords = (outcome: NonNullable<DataRequestRecord['outcome']>) =>
  outcome.replaceAll('_', ' ');

/** The status, and the outcome once closed: "Closed: withdrawn". */
export function statusWords(request: Pick<DataRequestRecord, 'status' | 'outcome'>): string {
  const outcome = request.status === 'closed' && request.outcome ? `: ${outcomeWords(request.outcome)}` : '';
  return `${STATUS_WORDS[request.status]}${outcome}`;
}
