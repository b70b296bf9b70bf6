// Data requests, sample requests, the demand board and listings: the sourcing team's daily commands (contract §6, §9).
import { moveListing, removeDemandPost as removePost } from '../../api/actions/catalogue.ts';
import { requireSample } from '../../api/domain/samples/sample-requests.ts';
import { SAMPLE_REQUEST_STATUSES } from '../../api/domain/samples/views.ts';
import { LISTING_STATUSES, REQUEST_OUTCOMES, REQUEST_STATUSES } from '../../api/domain/vocabulary.ts';
import { withOrgNames } from '../../api/domain/labs/org-lookup.ts';
import * as requestActions from '../../api/actions/requests.ts';
import * as sampleActions from '../../api/actions/samples.ts';
import {
  type Command,
  str,
  oneOf,
  optionOf,
  sampleStatusOf,
  sampleShown,
  REQUEST_COLUMNS,
  sendDue,
} from './command.ts';

export const WORK_COMMANDS: Record<string, Command> = {
  'requests list': {
    usage: `requests list [--status ${REQUEST_STATUSES.join('|')}]`,
    summary: 'stored data requests, newest first (at most 1,000)',
    columns: REQUEST_COLUMNS,
    options: { status: { type: 'string' } },
    run: async ({ store, values }) =>
      withOrgNames(
        store,
        (await store.requests({ status: optionOf(values, 'status', REQUEST_STATUSES), limit: 1000 })).items,
      ),
  },
  'requests overdue': {
    usage: 'requests overdue',
    summary: 'past their reply-due time with no reply recorded',
    columns: REQUEST_COLUMNS,
    run: async ({ store, now }) => withOrgNames(store, await store.overdueRequests(now)),
  },
  'requests reply': {
    usage: 'requests reply REQUEST_ID --message TEXT',
    summary: "records the sourcing lead's reply and mails it to the lab (received moves to in_review)",
    args: ['REQUEST_ID'],
    options: { message: { type: 'string' } },
    run: async ({ args, values, acting, deliver }) => {
      const replied = await requestActions.replyToRequest(await acting(), args[0]!, str(values, 'message'));
      await deliver();
      return replied;
    },
  },
  'requests move': {
    usage: `requests move REQUEST_ID ${REQUEST_STATUSES.slice(1).join('|')} [--outcome ${REQUEST_OUTCOMES.join('|')}] [--message TEXT]`,
    summary: "moves a request forward (never back) and mails the lab's contact; closed needs --outcome",
    args: ['REQUEST_ID', 'STATUS'],
    options: { outcome: { type: 'string' }, message: { type: 'string' } },
    run: async ({ args, values, acting, deliver }) => {
      const status = oneOf('STATUS', args[1]!, REQUEST_STATUSES);
      const outcome = optionOf(values, 'outcome', REQUEST_OUTCOMES) ?? null;
      const message = (values.message as string | undefined) ?? null;
      const moved = await requestActions.moveRequest(await acting(), args[0]!, { status, outcome, message });
      await deliver();
      return moved;
    },
  },
  'samples list': {
    usage: `samples list [--status ${SAMPLE_REQUEST_STATUSES.join('|')}]`,
    summary: 'sample requests, newest first',
    columns: ['id', 'org_id', 'org_name', 'listing_id', 'status', 'created_at'],
    options: { status: { type: 'string' } },
    run: async ({ store, values, config }) =>
      withOrgNames(
        store,
        (await store.samples({ status: sampleStatusOf(values) })).map((sample) =>
          sampleShown(sample, config),
        ),
      ),
  },
  'samples approve': {
    usage: 'samples approve SAMPLE_ID',
    summary: "approves a sample request: its link is mailed to the lab's contact now",
    args: ['SAMPLE_ID'],
    run: async ({ store, args, config, acting, runtime, deliver }) => {
      await sampleActions.approveSample(await acting(), args[0]!);
      const linksSent = await sendDue(await runtime(), deliver);
      return { ...sampleShown(await requireSample(store, args[0]!), config), links_sent: linksSent };
    },
  },
  'samples reject': {
    usage: 'samples reject SAMPLE_ID --reason REASON',
    summary: 'refuses a sample request and tells the lab why',
    args: ['SAMPLE_ID'],
    options: { reason: { type: 'string' } },
    run: async ({ args, values, config, acting, deliver }) => {
      const rejected = await sampleActions.rejectSample(
        await acting({ catalog: true }),
        args[0]!,
        str(values, 'reason'),
      );
      await deliver();
      return sampleShown(rejected, config);
    },
  },
  'demand list': {
    usage: 'demand list',
    summary: 'the public demand board as it stands, newest first',
    columns: ['id', 'request_id', 'data_types', 'posted_on'],
    run: async ({ store }) => (await store.demandPosts()).items,
  },
  'demand remove': {
    usage: 'demand remove POST_ID',
    summary: 'takes a post off the public board',
    args: ['POST_ID'],
    run: async ({ args, acting }) => removePost(await acting(), args[0]!),
  },
  'listing status': {
    usage: `listing status LISTING_ID ${LISTING_STATUSES.join('|')}`,
    summary: 'moves a listing forward in its content file (rebuild to republish the pages)',
    args: ['LISTING_ID', 'STATUS'],
    run: async ({ args, acting }) =>
      moveListing(await acting(), args[0]!, oneOf('STATUS', args[1]!, LISTING_STATUSES)),
  },
};
