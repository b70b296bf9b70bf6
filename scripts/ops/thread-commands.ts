// A data request as the sourcing team reads it (contract §13): `requests show` as text, with its matches and its
// whole thread in order; and the team's own steps on a request: an owner, an internal note.
import * as threadActions from '../../api/actions/thread.ts';
import { DATA_TYPE_LABELS } from '../../api/domain/listings/listing-format.ts';
import { matchFieldWords } from '../../api/domain/requests/matching.ts';
import { statusWords, STATUS_WORDS } from '../../api/domain/requests/status-words.ts';
import { requestTimeline, type TimelineEntry } from '../../api/domain/requests/timeline.ts';
import { eventsOf, ranges } from '../../api/domain/requests/views.ts';
import { when } from '../../api/domain/when.ts';
import { notFound } from '../../api/errors.ts';
import type { DataRequestRecord, Org } from '../../api/store/records.ts';
import { type Command, str } from './command.ts';

type Shown = DataRequestRecord & { org_name: string | null; thread: TimelineEntry[] };

const SAID: Record<TimelineEntry['kind'], (entry: TimelineEntry) => string> = {
  created: () => 'Received',
  move: (entry) => `Moved to ${STATUS_WORDS[entry.status!].toLowerCase()}`,
  lab_message: () => 'The lab wrote',
  reply: (entry) => `${entry.author ?? 'We'} replied`,
  note: (entry) => `Internal note by ${entry.author ?? 'the sourcing team'} (never shown to the lab)`,
};

const indented = (text: string) => text.replace(/^/gm, '    ');

/** The request for a person: facts, what the lab wrote, the listings that fit, then the thread. */
function readable(shown: Shown): string {
  const r = shown;
  const lines = [
    `${r.id}  ${statusWords(r)}  ${r.org_name ?? '(unknown organisation)'} (${r.org_id})`,
    `Made ${when(r.created_at)}; reply due ${when(r.reply_due_at)}${r.replied_at ? `; first reply ${when(r.replied_at)}` : ' (no reply yet)'}`,
    ...(r.awaiting_reply_since
      ? [`Waiting on us since ${when(r.awaiting_reply_since)} (a lab message)`]
      : []),
    `Owner: ${r.owner_id ?? 'none (every lead)'}`,
    `Data types: ${r.data_types.map((t) => DATA_TYPE_LABELS[t]).join(', ')}`,
    `Languages: ${r.languages.join(', ') || 'any'}; domains: ${r.domains.join(', ') || 'any'}`,
    `Volume: ${r.volume ?? 'not given'}; timeline: ${r.timeline ?? 'not given'}; exclusivity: ${r.exclusivity ?? 'not given'}`,
    '',
    'Description:',
    indented(r.description),
    '',
    'Listings that fit:',
    ...((r.matches ?? []).length
      ? r.matches!.map(
          (m) =>
            `  ${m.title} (${m.listing_id}): meets ${matchFieldWords(m.matched).join(', ') || 'nothing'}${m.missing.length ? `; not ${matchFieldWords(m.missing).join(', ')}` : ''}`,
        )
      : ['  none in the public catalogue']),
    '',
    'Thread:',
    ...shown.thread.flatMap((entry) => [
      `  ${when(entry.at)}  ${SAID[entry.kind](entry)}`,
      ...(entry.text ? [indented(entry.text)] : []),
    ]),
  ];
  return lines.join('\n');
}

export const THREAD_COMMANDS: Record<string, Command> = {
  'requests show': {
    usage: 'requests show REQUEST_ID',
    summary: 'one data request, whole: its matches and its thread (messages, replies, moves, internal notes)',
    args: ['REQUEST_ID'],
    run: async ({ store, args }): Promise<Shown> => {
      const request = await store.requestById(args[0]!);
      if (!request) throw notFound(`No data request ${args[0]}.`);
      const org: Org | undefined = await store.orgById(request.org_id);
      return {
        ...request,
        org_name: org?.name ?? null,
        ...ranges(request),
        events: eventsOf(request),
        matches: request.matches ?? [],
        messages: request.messages ?? [],
        notes: request.notes ?? [],
        thread: requestTimeline(request),
      };
    },
    human: readable,
  },
  'requests note': {
    usage: 'requests note REQUEST_ID --message TEXT',
    summary: 'an internal note on a request: the sourcing team reads it, the lab never does',
    args: ['REQUEST_ID'],
    options: { message: { type: 'string' } },
    run: async ({ args, values, acting }) =>
      threadActions.addInternalNote(await acting(), args[0]!, str(values, 'message')),
  },
  'requests owner': {
    usage: 'requests owner REQUEST_ID STAFF_ID|none',
    summary: 'gives a request an owner, who is mailed about it instead of every lead (none: every lead)',
    args: ['REQUEST_ID', 'OWNER'],
    run: async ({ args, acting }) => {
      const owner = args[1] === 'none' ? null : args[1]!;
      return threadActions.assignOwner(await acting(), args[0]!, owner);
    },
  },
};
