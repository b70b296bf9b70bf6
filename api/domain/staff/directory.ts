// Who the sourcing team is, as the thread and the reminders ask it: every lead to tell, and one member by id (an
// owner). The team is the staff records (contract §13, `ops staff`): every current member, admins counted as leads
// (an admin works the desk too; the first member, made at the CLI, is one). A fresh install with no staff at all
// is one stand-in lead, SOURCING_LEAD_EMAIL, so that a lab's message still reaches someone.
import type { StaffRecord } from '../../store/desk-records.ts';
import type { StoreReads } from '../../store/store.ts';
import { isCurrentStaff } from '../desk/staff.ts';

export type StaffMember = { id: string; name: string; email: string; role: 'lead' | 'admin' };

/** The configured lead's stand-in id, while there are no staff records. */
export const CONFIGURED_LEAD_ID = 'stf_configured_lead';

export type StaffConfig = { sourcingLeadEmail: string };

const member = ({ id, name, email, role }: StaffRecord): StaffMember => ({ id, name, email, role });

/** The current team: the staff records, or the configured stand-in when there are none. */
async function team(reads: StoreReads, config: StaffConfig): Promise<StaffMember[]> {
  const current = (await reads.staff()).filter(isCurrentStaff).map(member);
  if (current.length > 0) return current;
  return [{ id: CONFIGURED_LEAD_ID, name: 'Sourcing lead', email: config.sourcingLeadEmail, role: 'lead' }];
}

/** Every lead (admins included), each mailed the digest and what no owner answers for. */
export async function leadsOf(reads: StoreReads, config: StaffConfig): Promise<StaffMember[]> {
  return (await team(reads, config)).filter((m) => m.role === 'lead' || m.role === 'admin');
}

/** A current member of the team by id, or undefined (unknown, or removed). */
export async function staffMember(
  reads: StoreReads,
  config: StaffConfig,
  id: string,
): Promise<StaffMember | undefined> {
  return (await team(reads, config)).find((m) => m.id === id);
}

/** Who is told about a request: its owner, or every lead when it has none (or its owner has left). */
export async function answerableFor(
  reads: StoreReads,
  config: StaffConfig,
  ownerId: string | null | undefined,
): Promise<StaffMember[]> {
  const owner = ownerId ? await staffMember(reads, config, ownerId) : undefined;
  return owner ? [owner] : leadsOf(reads, config);
}

/** The team a request's owner is picked from (the desk's owner select): current members, oldest first. */
export const ownerChoices = team;
