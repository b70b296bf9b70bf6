// The sourcing desk's staff (contract §13): the first admin is made here; then admins add and remove staff at
// /desk/staff/ as well. The same actions either way.
import { addStaffMember, removeStaffMember } from '../../api/actions/staff.ts';
import { STAFF_ROLES } from '../../api/domain/desk/staff.ts';
import { termKey } from '../../api/domain/vocabulary-term.ts';
import { type Command, oneOf, str } from './command.ts';

export const STAFF_COMMANDS: Record<string, Command> = {
  'staff add': {
    usage: `staff add --email EMAIL --name NAME --role ${STAFF_ROLES.join('|')}`,
    summary:
      'adds a member of the sourcing desk (or brings back a removed one); they sign in at /desk/signin/',
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
    run: async ({ values, acting }) =>
      addStaffMember(await acting(), {
        email: str(values, 'email'),
        name: str(values, 'name'),
        // A role outside the two is bad usage (exit 2), naming the closest, as --role is for accounts.
        role: oneOf('--role', termKey(str(values, 'role')), STAFF_ROLES),
      }),
  },
  'staff list': {
    usage: 'staff list',
    summary: 'the desk staff, oldest first, removed ones included',
    columns: ['id', 'email', 'name', 'role', 'created_at', 'removed_at'],
    run: ({ store }) => store.staff(),
  },
  'staff remove': {
    usage: 'staff remove ID|EMAIL',
    summary: 'removes a staff member: their desk sessions end at once',
    args: ['ID|EMAIL'],
    run: async ({ args, acting }) => removeStaffMember(await acting(), args[0]!),
  },
};
