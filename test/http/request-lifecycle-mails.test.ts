// The lab's mails about a data request (contract §9): they lead to its page and say its status in words, and a reply
// to the lead's reply goes to the sourcing lead.

import { beforeAll, describe, expect, test } from 'vitest';
import type { InProcessServer } from '../support/app.ts';
import type { Lab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import { LEAD, requestJourney } from '../support/request-journey.ts';

const journey = requestJourney();
const { env, submitted, mailTo } = journey;
let server: InProcessServer;
let lab: Lab;
let other: Lab;
beforeAll(() => void ({ server, lab, other } = journey.state));

describe("the lab's mails about a request lead to its page and say its status in words", () => {
  test('the acknowledgement, the reply and each move link to /dashboard/requests/<id>/, in text and HTML alike', async () => {
    const id = await submitted(other.key, {
      data_types: ['call_audio'],
      volume: '5-20 TB',
      description: 'Calls from a lab reading its mail.',
    });
    const page = `http://dss.example/dashboard/requests/${id}/`;
    await opsOk(env(), 'requests', 'reply', id, '--message', 'We are looking.');
    await opsOk(env(), 'requests', 'move', id, 'proposal_sent', '--message', 'Proposal attached.');
    const mails = [
      await mailTo(other.email, `We received your data request ${id}`),
      await mailTo(other.email, `Reply to your data request ${id}`),
      // The subject says the status as the body and the dashboard do, not the API's proposal_sent.
      await mailTo(other.email, `Your data request ${id} is proposal sent`),
    ];
    for (const { mail: sent } of mails) {
      expect(sent.text).toContain(page);
      expect(sent.html).toContain(`href="${page}"`);
    }
    // The page is there: without a session it sends the reader to sign in and back to it.
    const response = await fetch(server.url + new URL(page).pathname, { redirect: 'manual' });
    expect(response.headers.get('location')).toBe(
      `/signin/?next=${encodeURIComponent(new URL(page).pathname)}`,
    );
  });
});

describe("answering the lead's reply", () => {
  test('the reply says "reply to this message": the answer goes to the sourcing lead, not the sending address', async () => {
    const id = await submitted(other.key, {
      data_types: ['call_audio'],
      description: 'Calls from a lab that answers by mail.',
    });
    await opsOk(env(), 'requests', 'reply', id, '--message', 'Which accents matter most to you?');
    const reply = await mailTo(other.email, `Reply to your data request ${id}`);
    expect(reply.mail.text).toContain('Reply to this message');
    expect(reply.mail.replyTo?.value.map((a) => a.address)).toEqual([LEAD]);
    // So do the mails about each move: they carry the lead's words too.
    await opsOk(env(), 'requests', 'move', id, 'proposal_sent', '--message', 'Proposal attached.');
    const moved = await mailTo(other.email, `Your data request ${id} is proposal sent`);
    expect(moved.mail.replyTo?.value.map((a) => a.address)).toEqual([LEAD]);
  });
});

describe('a request closed with no match', () => {
  test('the mail says the outcome in words, as the dashboard does: "closed: no match"', async () => {
    const id = await submitted(other.key, {
      data_types: ['ct_study'],
      description: 'Paediatric CT studies nobody has.',
    });
    await opsOk(env(), 'requests', 'move', id, 'closed', '--outcome', 'no_match');
    const closed = await mailTo(other.email, `Your data request ${id} is closed: no match`);
    expect(closed.mail.text).toContain('(outcome: no match)');
    expect(closed.mail.text).not.toContain('no_match');
  });
});
