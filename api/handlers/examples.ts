// Examples of the bodies the API takes and gives, for /openapi.json and the API guide: one place, so that the
// guide's examples are the document's (redocly checks each against its schema on the build).
const REQUEST_ID = 'req_7Gk2qW9xLmN3pR5tV8yZ';
const SAMPLE_ID = 'smp_Q4nT8wYc2LhR6jVb0sKe';
const LISTING = 'us-auto-insurance-claims-calls';
const CREATED = '2026-11-23T09:15:00.000Z';

export const dataRequestExample = {
  data_types: ['call_audio'],
  languages: ['Spanish', 'en'],
  domains: ['insurance'],
  volume: '500–2,000 hours',
  timeline: '2 to 4 weeks',
  exclusivity: 'open_to_both',
  listing_id: LISTING,
  description: 'Spanish and English insurance claims calls from the United States, for ASR fine-tuning.',
  intended_use: { purposes: ['fine_tuning'], commercial: true, territories: ['US'], term_months: 24 },
  publish_to_demand_board: true,
};

const matches = (site: URL) => [
  {
    listing_id: LISTING,
    title: 'US Auto Insurance Claims Calls (English and Spanish)',
    url: new URL(`/catalog/${LISTING}/`, site).href,
    matched: ['data_type', 'language', 'domain', 'geography', 'volume'],
    missing: [],
    fit: { fits: true, reasons: [] },
  },
  {
    listing_id: 'mx-banking-support-calls',
    title: 'Mexican Retail Banking Support Calls (Spanish)',
    url: new URL('/catalog/mx-banking-support-calls/', site).href,
    matched: ['data_type', 'language', 'volume'],
    missing: ['domain', 'geography'],
    fit: { fits: true, reasons: [] },
  },
];

export const createdRequestExample = (site: URL) => ({
  data: { id: REQUEST_ID, status: 'received', matches: matches(site) },
});

const labRequest = {
  id: REQUEST_ID,
  status: 'in_review',
  outcome: null,
  created_at: CREATED,
  reply_due_at: '2026-11-24T09:15:00.000Z',
  data_types: ['call_audio'],
  languages: ['Spanish', 'English'],
  domains: ['insurance'],
  volume: '500–2,000 hours',
  timeline: '2 to 4 weeks',
  exclusivity: 'open_to_both',
  volume_range: { min: 500, max: 2000, unit: 'hours' },
  timeline_range: { min: 14, max: 28, unit: 'days' },
  listing_id: LISTING,
  description: dataRequestExample.description,
  publish_to_demand_board: true,
  intended_use: dataRequestExample.intended_use,
};

export const labRequestListExample = {
  data: [labRequest],
  count: 1,
  next_cursor: 'WyIyMDI2LTExLTIzVDA5OjE1OjAwLjAwMFoiLCJyZXFfN0drMnFXOXhMbU4zcFI1dFY4eVoiXQ',
};

export const requestMessageInputExample = {
  body: 'Could the Spanish calls include the agent side too? We need both channels.',
};

export const labMessageExample = {
  data: {
    id: 'msg_9Kp3WzT6vB2nL8qR4xYc',
    from: 'lab',
    body: requestMessageInputExample.body,
    at: '2026-11-23T15:40:00.000Z',
  },
};

export const labRequestExample = (site: URL) => ({
  data: {
    ...labRequest,
    events: [
      { at: CREATED, status: 'received', message: null },
      {
        at: '2026-11-23T14:02:00.000Z',
        status: 'in_review',
        message: 'Two listings fit closely; we will send a proposal by Wednesday.',
      },
    ],
    messages: [
      {
        id: 'msg_4Rt8LmQ2xW9vK3nP7sYb',
        from: 'sourcing',
        body: 'Two listings fit closely; we will send a proposal by Wednesday.',
        at: '2026-11-23T14:02:00.000Z',
        author: 'Sourcing team',
      },
      labMessageExample.data,
    ],
    matches: matches(site),
  },
});

export const withdrawnExample = (site: URL) => {
  const { data } = labRequestExample(site);
  return {
    data: {
      ...data,
      status: 'closed',
      outcome: 'withdrawn',
      events: [
        ...data.events,
        { at: '2026-11-24T08:00:00.000Z', status: 'closed', message: 'Withdrawn by your organisation.' },
      ],
    },
  };
};

export const demandListExample = {
  data: [
    {
      id: 'dem_9sPq2LmX7vB4nK1tR8cW',
      data_types: ['call_audio'],
      languages: ['Spanish', 'English'],
      domains: ['insurance'],
      volume: '500–2,000 hours',
      timeline: '2 to 4 weeks',
      exclusivity: 'open_to_both',
      posted_on: '2026-11-23',
    },
  ],
  count: 1,
  next_cursor: null,
};

export const sampleAcceptedExample = { status: 'pending_verification', id: SAMPLE_ID };

const sampleRequest = {
  id: SAMPLE_ID,
  listing_id: LISTING,
  status: 'link_sent',
  created_at: CREATED,
  link_sent_at: '2026-11-23T10:00:00.000Z',
  link_expires_at: '2026-11-26T10:00:00.000Z',
  reason: null,
};

export const sampleRequestExample = { data: sampleRequest };
export const sampleRequestListExample = { data: [sampleRequest], count: 1, next_cursor: null };
export const freshLinkExample = {
  data: {
    ...sampleRequest,
    link_sent_at: '2026-11-27T08:30:00.000Z',
    link_expires_at: '2026-11-30T08:30:00.000Z',
  },
};
