// How a query reaches PostgreSQL: a named statement, prepared once per connection, and a database that does not
// answer turned into the store's 503; and which table holds each collection.
import { createHash } from 'node:crypto';
import { StoreUnavailableError } from '../store-errors.ts';
import type { Collection } from '../store.ts';

export type Queryable = {
  query<R extends object>(query: {
    name: string;
    text: string;
    values: unknown[];
  }): Promise<{
    rows: R[];
    rowCount: number | null;
  }>;
};

const statementNames = new Map<string, string>();

// Connection exceptions (class 08), the server shutting down or starting (57P01-57P03), and the network's errors.
const AWAY_CODES =
  /^(08|57P0[1-3]$|ECONNREFUSED$|ECONNRESET$|ETIMEDOUT$|EHOSTUNREACH$|ENOTFOUND$|EAI_AGAIN$)/;
// node-postgres's own words for a connection that dropped under a query, or under the client that runs it.
const AWAY_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|Client was closed/;

/**
 * A PostgreSQL that does not answer (stopped, restarting, unreachable) as what it is to the service: nothing was
 * stored and the same call may succeed soon, so 503 with Retry-After, as for a JSON store that cannot write.
 */
export function awayAsUnavailable(error: unknown): unknown {
  const { code = '', message = '' } = error as { code?: string; message?: string };
  if (!AWAY_CODES.test(code) && !AWAY_MESSAGES.test(message)) return error;
  return new StoreUnavailableError(`PostgreSQL does not answer (${message})`, 2, { cause: error });
}

/**
 * Runs `text` as a named statement: each connection prepares it once, instead of PostgreSQL parsing and planning
 * it on every call. Named by a hash of its text, so one name is never two statements.
 */
export function run<R extends object>(db: Queryable, text: string, values: unknown[] = []) {
  let name = statementNames.get(text);
  if (!name) {
    name = `dss_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return db.query<R>({ name, text, values }).catch((error: unknown) => {
    throw awayAsUnavailable(error);
  });
}

/** Each collection's table. */
export const TABLES: Record<Collection, string> = {
  orgs: 'orgs',
  accounts: 'accounts',
  keys: 'api_keys',
  requests: 'data_requests',
  demand: 'demand_posts',
  samples: 'sample_requests',
  idempotency: 'idempotency_records',
  audit: 'audit_log',
  mail: 'mail',
  webhooks: 'webhook_endpoints',
  deliveries: 'webhook_deliveries',
  sessions: 'sessions',
  signin_tokens: 'signin_tokens',
  access_requests: 'access_requests',
  nda_acceptances: 'nda_acceptances',
  staff: 'staff',
  desk_links: 'desk_links',
  desk_sessions: 'desk_sessions',
  saved_replies: 'saved_replies',
  recalls: 'recalls',
  recall_acknowledgements: 'recall_acknowledgements',
};
