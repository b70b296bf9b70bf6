// The organisation's NDA state in plain words, the same on every dashboard page (overview, NDA, a listing): the
// API's states (none, accepted, verified, revoked: ndaView) are for programs.
import type { ndaView } from '../../../api/domain/labs/views.ts';

type NdaView = ReturnType<typeof ndaView>;

const day = (at: string | null) => (at ? at.slice(0, 10) : '');

/** A short label: "Not accepted yet", "Accepted, waiting for our verification", "Verified", "Revoked". */
export const NDA_LABEL: Record<NdaView['state'], string> = {
  none: 'Not accepted yet',
  accepted: 'Accepted, waiting for our verification',
  verified: 'Verified',
  revoked: 'Revoked',
};

/** The state as one sentence: who signed, when, and what is waited for. */
export function ndaSentence(nda: NdaView): string {
  const by = nda.accepted_by ? ` by ${nda.accepted_by}` : '';
  const on = nda.accepted_at ? ` on ${day(nda.accepted_at)}` : '';
  switch (nda.state) {
    case 'none':
      return 'Not accepted yet';
    case 'accepted':
      return `Accepted${by}${on}, waiting for our verification`;
    case 'verified':
      return `Verified on ${day(nda.verified_at)} (accepted${by}${on})`;
    case 'revoked':
      return `Revoked on ${day(nda.revoked_at)}: an admin accepts the current NDA again to open the NDA-only fields and samples`;
  }
}
