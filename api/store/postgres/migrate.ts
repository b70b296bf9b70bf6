// The schema, migrated in order: each migration runs once, in its own transaction, and is recorded in
// schema_migrations. An advisory lock makes instances that start together take turns. A small runner rather than
// a migration tool: plain SQL applied forward only is all this schema needs.
import type { Pool } from 'pg';
import { MIGRATIONS } from './migrations.ts';
const LOCK_ID = 7_413_001; // any constant: the advisory lock this runner takes

/** Applies the migrations not yet applied; returns their names. */
export async function migrate(pool: Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const { name, sql } of MIGRATIONS.filter((migration) => !done.has(migration.name))) {
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => {});
    client.release();
  }
}
