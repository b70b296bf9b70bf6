// The session of a desk page (contract §13): the desk's own cookie and check (api/domain/desk/desk-sessions.ts).
// Without a live desk session, a lab's included, a page sends the browser to /desk/signin/?next=<itself>.
import type { AstroGlobal } from 'astro';
import { staffActor } from '../../../api/actions/context.ts';
import {
  checkDeskSession,
  deskValueOf,
  touchDeskSession,
  type DeskCheck,
} from '../../../api/domain/desk/desk-sessions.ts';
import type { StaffRecord } from '../../../api/store/desk-records.ts';
import { signedInPage, type SessionKind, type SignedInPage } from '../self-serve/signed-in-page.ts';

/** What a desk page has: the runtime, who is signed in, the forms' CSRF token, and `acting` for actions. */
export type DeskPage = SignedInPage<{ staff: StaffRecord }>;

const DESK_SESSION: SessionKind<Extract<DeskCheck, { ok: true }>, { staff: StaffRecord }> = {
  signinPath: '/desk/signin/',
  valueOf: deskValueOf,
  check: checkDeskSession,
  who: ({ staff }) => ({ staff }),
  actor: ({ staff }) => staffActor(staff),
  touch: (tx, { session }, now) => touchDeskSession(tx, session, now),
};

export const deskSession = (astro: AstroGlobal) => signedInPage(astro, DESK_SESSION);
