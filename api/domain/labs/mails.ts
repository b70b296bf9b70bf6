// What the self-serve journey mails: sign-in links and invitations, access requests (to the operator and the
// requester, then the decision), and an NDA acceptance to the operator. Built with mail/message.ts, so every
// value a user typed is escaped in HTML and folded to one line wherever it could reach a header.
import type { AccessRequestRecord, NdaAcceptanceRecord, Org } from '../../store/records.ts';
import { message, type Message } from '../mail/message.ts';
import { deskUrl } from '../staff/desk-links.ts';

/** A link's life in words: "15 minutes", "72 hours". */
export const lifetime = (ms: number) =>
  ms % 3_600_000 === 0 ? `${ms / 3_600_000} hours` : `${Math.round(ms / 60_000)} minutes`;

export function signinLinkMail(link: string, ttlMs: number): Message {
  return message('Your sign-in link for the Data Sourcing Service', [
    {
      paragraphs: [
        `Follow this link to sign in to your dashboard. It works once, for ${lifetime(ttlMs)}.`,
        'If you did not ask for it, ignore this mail: nobody can sign in without the link.',
      ],
      link: { label: 'Sign in', href: link },
    },
  ]);
}

export function invitationMail(
  org: Org,
  invitedBy: string,
  role: string,
  link: string,
  ttlMs: number,
): Message {
  return message(`You are invited to ${org.name} on the Data Sourcing Service`, [
    {
      paragraphs: [
        `${invitedBy} invited you to join ${org.name} as ${role === 'admin' ? 'an admin' : 'a member'}.`,
        `The link below creates your account and signs you in. It works once, for ${lifetime(ttlMs)}.`,
      ],
      link: { label: 'Accept the invitation', href: link },
    },
  ]);
}

/**
 * To an address that has an account in another organisation, in place of an invitation: the inviter is answered
 * as for any address, and the holder decides. No link: an address belongs to one organisation.
 */
export function invitedElsewhereMail(org: Org, invitedBy: string): Message {
  return message(`${org.name} invited this address to the Data Sourcing Service`, [
    {
      paragraphs: [
        `${invitedBy} of ${org.name} invited this address to join their organisation on the Data Sourcing Service.`,
        'This address already has an account in another organisation there, and an address belongs to one organisation: nothing was changed, and your account stays as it is.',
        `To join ${org.name}, ask them to invite another address of yours, or ask the service's operator to move your account. If you do not know them, ignore this mail.`,
      ],
    },
  ]);
}

export function accessRequestToOperator(request: AccessRequestRecord, siteUrl: URL): Message {
  return message(`Access requested by ${request.organisation}`, [
    {
      facts: [
        ['Access request', request.id],
        ['Organisation', request.organisation],
        ['Name', request.name],
        ['Email', request.email],
        ['Verticals', request.verticals.join(', ') || '(not given)'],
      ],
    },
    { heading: 'Intended use', paragraphs: [request.intended_use] },
    {
      paragraphs: [
        'Approve it (into a new organisation or an existing one) or reject it with a reason, on the desk.',
      ],
      link: { label: 'Open the access request', href: deskUrl(siteUrl, 'access', request.id) },
    },
  ]);
}

/**
 * To an address nobody has verified yet: anyone can have it sent anywhere, so it says nothing the requester typed
 * (a name or organisation could be a stranger's link). The operator's copy has all of it.
 */
export function accessRequestReceived(request: AccessRequestRecord): Message {
  return message('We received your access request', [
    {
      paragraphs: [
        `Thank you. We received a request for access to the Data Sourcing Service for this address (${request.id}).`,
        'The operator reviews every request, usually within one business day. If it is approved, a sign-in link comes to this address.',
      ],
    },
  ]);
}

export function accessApproved(request: AccessRequestRecord, org: Org, link: string, ttlMs: number): Message {
  return message('Your access to the Data Sourcing Service is ready', [
    {
      paragraphs: [
        `Your access request for ${org.name} is approved, and you are its admin.`,
        `Sign in with the link below (it works once, for ${lifetime(ttlMs)}; later, ask for a new one on the sign-in page). Then read and accept the NDA, and create an API key.`,
      ],
      link: { label: 'Sign in', href: link },
    },
  ]);
}

export function accessRejected(request: AccessRequestRecord, reason: string): Message {
  return message('Your access request to the Data Sourcing Service', [
    {
      paragraphs: [
        `We cannot give ${request.organisation} access at this time.`,
        `Reason: ${reason}`,
        'You may reply to this mail to discuss it.',
      ],
    },
  ]);
}

export function ndaAcceptedToOperator(
  org: Org,
  acceptance: NdaAcceptanceRecord,
  email: string,
  siteUrl: URL,
): Message {
  return message(`NDA accepted by ${org.name}`, [
    {
      facts: [
        ['Organisation', `${org.name} (${org.id})`],
        ['Version', acceptance.version],
        ['SHA-256', acceptance.sha256],
        ['Signer', `${acceptance.signer_name}, ${acceptance.signer_title}`],
        ['Account', `${email} (${acceptance.account_id})`],
        ['At', acceptance.created_at],
        ['From', `${acceptance.ip}, ${acceptance.user_agent}`],
      ],
    },
    {
      paragraphs: [
        "Sample links go out once you have verified the acceptance, on the organisation's desk page.",
      ],
      link: { label: `Open ${org.name} on the desk`, href: deskUrl(siteUrl, 'orgs', org.id) },
    },
  ]);
}

/** The signer's (and each admin's) copy of what was accepted; the PDF is attached when the mail is sent. */
export function ndaSignedCopy(org: Org, acceptance: NdaAcceptanceRecord, toSigner: boolean): Message {
  const who = `${acceptance.signer_name}, ${acceptance.signer_title}`;
  return message(`Your signed copy of the NDA (version ${acceptance.version})`, [
    {
      paragraphs: [
        toSigner
          ? `You accepted the NDA for ${org.name}. The attached PDF holds the text you accepted and its signing certificate.`
          : `${who} accepted the NDA for ${org.name}. The attached PDF holds the text accepted and its signing certificate.`,
      ],
      facts: [
        ['Version', acceptance.version],
        ['SHA-256 of the text', acceptance.sha256],
        ['Signer', who],
        ['At (UTC)', acceptance.created_at],
      ],
    },
    {
      paragraphs: [
        'The operator verifies the acceptance before sample links go out. The same PDF is on your dashboard, under NDA.',
      ],
    },
  ]);
}
