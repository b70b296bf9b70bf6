// Organisations, accounts, access requests, keys and the NDA: the operator's commands about labs (contract §6, §8).
import { addAccount, createOrganisation, verifyAccount } from '../../api/actions/labs.ts';
import { roleOf } from '../../api/domain/labs/caller.ts';
import { ROLES } from '../../api/domain/labs/views.ts';
import { conflict } from '../../api/errors.ts';
import { approveAccess, rejectAccess } from '../../api/actions/access.ts';
import * as keyActions from '../../api/actions/keys.ts';
import * as ndaActions from '../../api/actions/nda.ts';
import {
  type Command,
  str,
  optionOf,
  orgOption,
  ACCESS_STATUSES,
  publicKey,
  orgShown,
  sendDue,
} from './command.ts';

export const LAB_COMMANDS: Record<string, Command> = {
  'org create': {
    usage: 'org create --name NAME',
    summary: 'a lab organisation',
    options: { name: { type: 'string' } },
    run: async ({ values, acting }) =>
      orgShown(await createOrganisation(await acting(), str(values, 'name'))),
  },
  'org list': {
    usage: 'org list',
    summary: 'every organisation with its NDA state',
    columns: ['id', 'name', 'nda.state', 'created_at'],
    run: async ({ store }) => (await store.orgs()).map(orgShown),
  },
  'account add': {
    usage: `account add --org ORG --email EMAIL [--name NAME] [--verified] [--role ${ROLES.join('|')}]`,
    summary:
      'a contact of the lab (samples and acknowledgements go to this address); an admin unless --role member',
    options: {
      org: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      verified: { type: 'boolean' },
      role: { type: 'string' },
    },
    run: async ({ store, values, acting }) => {
      const role = optionOf(values, 'role', ROLES) ?? 'admin';
      const name = values.name as string | undefined;
      const input = {
        orgId: (await orgOption(store, values)).id,
        email: str(values, 'email'),
        name,
        verified: values.verified === true,
        role,
      };
      return addAccount(await acting(), input);
    },
  },
  'account list': {
    usage: 'account list --org ORG',
    summary: "the organisation's accounts, with role and verification",
    columns: ['id', 'email', 'name', 'role', 'verified_at', 'removed_at'],
    options: { org: { type: 'string' } },
    run: async ({ store, values }) => {
      const org = await orgOption(store, values);
      return (await store.accountsOf(org.id)).map((account) => ({ ...account, role: roleOf(account) }));
    },
  },
  'access list': {
    usage: `access list [--status ${ACCESS_STATUSES.join('|')}]`,
    summary: 'access requests from /access/ and the API, newest first',
    columns: ['id', 'status', 'organisation', 'email', 'created_at'],
    options: { status: { type: 'string' } },
    run: ({ store, values }) => store.accessRequests({ status: optionOf(values, 'status', ACCESS_STATUSES) }),
  },
  'access approve': {
    usage: 'access approve ACCESS_REQUEST_ID [--org ORG]',
    summary:
      'creates the organisation (or joins --org) and a verified admin account, and mails a sign-in link',
    args: ['ACCESS_REQUEST_ID'],
    options: { org: { type: 'string' } },
    run: async ({ store, args, values, acting, deliver }) => {
      const orgId = values.org === undefined ? undefined : (await orgOption(store, values)).id;
      const approved = await approveAccess(await acting(), args[0]!, orgId);
      await deliver();
      return approved;
    },
  },
  'access reject': {
    usage: 'access reject ACCESS_REQUEST_ID --reason REASON',
    summary: 'refuses an access request and mails the reason',
    args: ['ACCESS_REQUEST_ID'],
    options: { reason: { type: 'string' } },
    run: async ({ args, values, acting, deliver }) => {
      const rejected = await rejectAccess(await acting(), args[0]!, str(values, 'reason'));
      await deliver();
      return rejected;
    },
  },
  'account verify': {
    usage: 'account verify ACCOUNT_ID',
    summary: 'marks the account verified',
    args: ['ACCOUNT_ID'],
    run: async ({ args, acting, runtime, deliver }) => {
      const account = await verifyAccount(await acting(), args[0]!);
      return { ...account, links_sent: await sendDue(await runtime(), deliver) };
    },
  },
  'key issue': {
    usage: 'key issue --account ACCOUNT_ID',
    summary: "a key for the account's organisation; the key is shown only here, once",
    options: { account: { type: 'string' } },
    run: async ({ values, acting }) => {
      const { record, key } = await keyActions.issueKeyForAccount(await acting(), str(values, 'account'));
      return { ...publicKey(record), key };
    },
    human: (result: { id: string; key: string; org_id: string }) =>
      `Key ${result.id} for ${result.org_id}:\n\n  ${result.key}\n\nGive it to the lab now: it is stored only as a hash and cannot be shown again.`,
  },
  'key list': {
    usage: 'key list --org ORG',
    summary: "the organisation's keys (never the key itself)",
    columns: ['id', 'prefix', 'name', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'],
    options: { org: { type: 'string' } },
    run: async ({ store, values }) => {
      const org = await orgOption(store, values);
      return (await store.keysOf(org.id)).map(publicKey);
    },
  },
  'key revoke': {
    usage: 'key revoke KEY_ID',
    summary: 'revokes the key at once',
    args: ['KEY_ID'],
    run: async ({ args, acting }) => {
      const { key, already } = await keyActions.revokeKey(await acting(), args[0]!);
      if (already) throw conflict(`Key ${key.id} was revoked already, at ${key.revoked_at}.`);
      return publicKey(key);
    },
  },
  'key rotate': {
    usage: 'key rotate KEY_ID',
    summary: 'issues a successor and revokes the old key',
    args: ['KEY_ID'],
    run: async ({ args, acting }) => {
      const { record, key, revoked } = await keyActions.rotateKey(await acting(), args[0]!);
      return { ...publicKey(record), key, revoked: revoked.id };
    },
    human: (result: { id: string; key: string; revoked: string }) =>
      `Key ${result.id} replaces ${result.revoked} (revoked now):\n\n  ${result.key}\n\nShown once: it is stored only as a hash.`,
  },
  'nda accept': {
    usage: 'nda accept --org ORG [--verified]',
    summary: 'records that the organisation accepted the NDA (--verified: and that it was checked)',
    options: { org: { type: 'string' }, verified: { type: 'boolean' } },
    run: async ({ store, values, acting }) => {
      const org = await orgOption(store, values);
      return orgShown(await ndaActions.recordNdaAcceptance(await acting(), org.id, values.verified === true));
    },
  },
  'nda verify': {
    usage: 'nda verify --org ORG',
    summary: "marks the organisation's NDA acceptance verified",
    options: { org: { type: 'string' } },
    run: async ({ store, values, acting, runtime, deliver }) => {
      const org = await ndaActions.verifyNda(await acting(), (await orgOption(store, values)).id);
      return { ...orgShown(org), links_sent: await sendDue(await runtime(), deliver) };
    },
  },
  'nda revoke': {
    usage: 'nda revoke --org ORG',
    summary: 'withdraws NDA access (NDA fields and sample links stop at once)',
    options: { org: { type: 'string' } },
    run: async ({ store, values, acting }) =>
      orgShown(await ndaActions.revokeNda(await acting(), (await orgOption(store, values)).id)),
  },
};
