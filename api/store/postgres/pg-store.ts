// The PostgreSQL store (DATABASE_URL), for several instances on one database. Transactions run at READ COMMITTED
// and lean on the constraints: where the domain reads, then writes what must be unique (an Idempotency-Key, a
// mail per event, an account per email), two instances racing make one insert fail on its unique key, and that
// transaction runs again and now finds the other's record. A transaction's work is only store calls, so running
// it again is safe. (SERIALIZABLE was tried first: 300 concurrent requests through three instances failed a
// quarter of them on predicate-lock conflicts, even with ten retries.) Acknowledged means committed.
import pg from 'pg';
import type { Collection, QueueCollection, RecordOf, Store, Tx } from '../store.ts';
import { migrate } from './migrate.ts';
import { NO_CAPS, takeTurns } from '../queue-order.ts';
import { PgQueries } from './pg-desk-queries.ts';
import { dueLocked } from './pg-queue-sql.ts';
import { awayAsUnavailable, run, TABLES } from './pg-statements.ts';

const RETRIES = 10;
/** unique_violation (a concurrent insert won), serialization_failure, deadlock_detected: run it again. */
const RETRYABLE = new Set(['23505', '40001', '40P01']);

class PgTransaction extends PgQueries implements Tx {
  readonly #client: pg.PoolClient;

  constructor(client: pg.PoolClient) {
    super(client);
    this.#client = client;
  }

  async insert<C extends Collection>(collection: C, record: RecordOf<C>): Promise<void> {
    await run(this.#client, `INSERT INTO ${TABLES[collection]} (id, doc) VALUES ($1, $2)`, [
      record.id,
      record,
    ]);
  }

  async insertNew<C extends Collection>(collection: C, record: RecordOf<C>): Promise<boolean> {
    const { rowCount } = await run(
      this.#client,
      `INSERT INTO ${TABLES[collection]} (id, doc) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
      [record.id, record],
    );
    return rowCount === 1;
  }

  async update<C extends Collection>(
    collection: C,
    id: string,
    patch: Partial<RecordOf<C>>,
  ): Promise<RecordOf<C>> {
    // jsonb || jsonb replaces the top-level fields the patch names: { ...current, ...patch }.
    const [updated] = await this.docs<C>(
      `UPDATE ${TABLES[collection]} SET doc = doc || $2::jsonb WHERE id = $1 RETURNING doc`,
      [id, JSON.stringify({ ...patch, id })],
    );
    if (!updated) throw new Error(`${collection} holds no ${id}`);
    return updated;
  }

  async updateEach<C extends Collection>(
    collection: C,
    changes: { id: string; patch: Partial<RecordOf<C>> }[],
  ): Promise<void> {
    if (changes.length === 0) return;
    const { rowCount } = await run(
      this.#client,
      `UPDATE ${TABLES[collection]} AS t SET doc = t.doc || c.patch
         FROM jsonb_to_recordset($1::jsonb) AS c(id text, patch jsonb) WHERE t.id = c.id`,
      [JSON.stringify(changes.map(({ id, patch }) => ({ id, patch: { ...patch, id } })))],
    );
    if (rowCount !== changes.length)
      throw new Error(`${collection} holds only ${rowCount} of ${changes.length}`);
  }

  async lease<C extends QueueCollection>(
    collection: C,
    now: Date,
    limit: number,
    leaseUntil: string,
    caps = NO_CAPS,
  ) {
    const table = TABLES[collection];
    const leased = await this.docs<C>(
      `UPDATE ${table} SET doc = doc || jsonb_build_object('status', 'sending', 'lease_until', $4::text)
        WHERE id IN (SELECT id FROM (${dueLocked(collection)}) taken) RETURNING doc`,
      [now.toISOString(), limit, JSON.stringify(Object.fromEntries(caps)), leaseUntil],
    );
    return takeTurns(leased, limit, caps); // RETURNING keeps no order
  }

  async renewLease<C extends QueueCollection>(
    collection: C,
    ids: readonly string[],
    leaseUntil: string,
    renewedUntil: string,
  ) {
    await run(
      this.#client,
      `UPDATE ${TABLES[collection]} SET doc = doc || jsonb_build_object('lease_until', $3::text)
        WHERE id = ANY($1::text[]) AND status = 'sending' AND lease_until = $2`,
      [ids, leaseUntil, renewedUntil],
    );
  }
}

export class PgStore extends PgQueries implements Store {
  readonly location: string;
  readonly #pool: pg.Pool;

  private constructor(pool: pg.Pool, location: string) {
    super(pool);
    this.#pool = pool;
    this.location = location;
  }

  /** Connects and brings the schema up to date. */
  static async open(databaseUrl: string): Promise<PgStore> {
    const url = new URL(databaseUrl);
    // No JIT: the store's queries are short, and the planner's high estimates for a claim made it compile for
    // longer than the query ran (15-30 ms on a claim of 5-10 ms).
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c jit=off' });
    pool.on('error', () => {}); // an idle client's lost connection: the pool replaces it on next use
    await migrate(pool);
    return new PgStore(pool, `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`);
  }

  async transact<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect().catch((error: unknown) => {
      throw awayAsUnavailable(error);
    });
    // The pool listens for errors on idle clients only: a checked-out client whose connection drops (PostgreSQL
    // restarting) emits 'error' with no listener, which ends the process. Its query fails too, so note it here.
    let lost: unknown;
    const onLost = (error: unknown) => (lost ??= error);
    client.on('error', onLost);
    try {
      for (let attempt = 1; ; attempt++) {
        await client.query('BEGIN').catch((error: unknown) => {
          throw awayAsUnavailable(error);
        });
        try {
          const result = await work(new PgTransaction(client));
          await client.query('COMMIT').catch((error: unknown) => {
            throw awayAsUnavailable(error);
          });
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          const code = (error as { code?: string }).code;
          if (!code || !RETRYABLE.has(code) || attempt >= RETRIES || lost) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        }
      }
    } finally {
      client.off('error', onLost);
      // A client that lost its connection is not given back to the pool for the next request: it is closed.
      client.release(lost instanceof Error ? lost : undefined);
    }
  }

  async healthy(): Promise<boolean> {
    try {
      await this.#pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
