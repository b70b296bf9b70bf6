// The events pushed to a lab's webhook endpoints, as OpenAPI 3.1 `webhooks` (contract §10).
import type { EventDeclaration } from '../endpoint.ts';
import type { Components } from './components.ts';

// request.status_changed → onRequestStatusChanged: unique, as client generators need.
const operationIdOf = (type: string) =>
  `on${type.replace(/(^|[._])(\w)/g, (_, _sep, letter: string) => letter.toUpperCase())}`;

export function webhooksOf(events: readonly EventDeclaration[], components: Components) {
  return Object.fromEntries(
    events.map((event) => [
      event.type,
      {
        post: {
          operationId: operationIdOf(event.type),
          summary: event.summary,
          description: event.description,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: components.ref(event.schema) } },
          },
          responses: { 200: { description: 'Any 2xx: received; anything else is retried' } },
        },
      },
    ]),
  );
}
