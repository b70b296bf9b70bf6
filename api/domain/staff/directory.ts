// Who the sourcing team is, as the thread and the reminders ask it: every lead to tell, and one member by id (an
// owner). Until staff records exist (contract §13, `ops staff`), the team is one lead: SOURCING_LEAD_EMAIL. This is
// the one place to change when they do: read the store's staff here, and nothing else moves.
import type { StoreReads } from '../../store/store.ts';

export type StaffMember = { id: string; name: string; email: string; role: 'lead' | 'admin' };

/** The configured lead's stand-in id, while SOURCING_LEAD_EMAIL is the whole team. */
export const CONFIGURED_LEAD_ID = 'stf_configured_lead';

export type StaffConfig = { sourcingLeadEmail: string };

/** Every lead, each mailed the digest and what no owner answers for. */
export async function leadsOf(_reads: StoreReads, config: StaffConfig): Promise<StaffMember[]> {
  return [{ id: CONFIGURED_LEAD_ID, name: 'Sourcing lead', email: config.sourcingLeadEmail, role: 'lead' }];
}

/** A member of the team by id, or undefined (unknown, or removed). */
export async function staffMember(
  reads: StoreReads,
  config: StaffConfig,
  id: string,
): Promise<StaffMember | undefined> {
  return (await leadsOf(reads, config)).find((member) => member.id === id);
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
