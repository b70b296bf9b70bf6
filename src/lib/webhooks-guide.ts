// What the guides say of webhooks (/docs/api/ and llms.txt), drawn from the events' own table so they agree.
import { EVENT_WHEN } from '../../api/domain/webhooks/event-schemas.ts';

export const webhookEvents = () => Object.entries(EVENT_WHEN).map(([type, when]) => ({ type, when }));

export const WEBHOOK_SIGNING =
  'Each POST carries webhook-id (the same on every attempt: drop repeats), webhook-timestamp and webhook-signature, signed as Standard Webhooks 1.0 specifies, so its libraries verify it (npm standardwebhooks, pip standardwebhooks, …) with the whsec_ secret shown once when the endpoint is made. Answer 2xx within 10 s; anything else is retried, first after 5 s, then after 5 min, 30 min, 2 h, 5 h and every 10 h, for 24 hours. If your endpoint gives no answer at all, its other waiting events are held back until that retry, unsent, with last_error saying why. Each event arrives at least once, in no promised order.';

export function webhookLines(site: URL): string[] {
  const at = (path: string) => new URL(path, site).href;
  return [
    '## Webhooks',
    '',
    `- Endpoints are made by an organisation's admin, signed in to the dashboard: \`POST ${at('/api/v1/webhooks')}\` \`{ "url": "https://…", "events": [] }\` (https, a public address; every event when \`events\` is empty). \`GET\` lists them, \`DELETE …/{id}\` removes one, \`POST …/{id}/test\` sends a \`webhook.test\`, \`GET …/{id}/deliveries\` is the delivery log.`,
    `- The body is \`{ "type", "timestamp", "data" }\`. ${WEBHOOK_SIGNING}`,
    ...webhookEvents().map(({ type, when }) => `- \`${type}\`: ${when}.`),
    '',
  ];
}
