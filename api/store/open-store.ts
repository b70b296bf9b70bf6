// The one place that picks a store engine: everything else talks to the Store interface.
import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { JsonStore } from './json/json-store.ts';
import { PgStore } from './postgres/pg-store.ts';
import { StoreCorruptError, StoreOpenError } from './store-errors.ts';
import type { Store } from './store.ts';

type Where = Pick<Config, 'dataDir'> & { databaseUrl?: string | undefined };

/**
 * PostgreSQL when DATABASE_URL is set; the JSON files in DATA_DIR otherwise. A new instance on every call.
 * `variable`: where the URL came from, for the message when it cannot be opened (the CLI's `store copy --to`).
 */
export async function openStore(config: Where, variable = 'DATABASE_URL'): Promise<Store> {
  const { databaseUrl, dataDir } = config;
  try {
    return await (databaseUrl ? PgStore.open(databaseUrl) : JsonStore.open(dataDir));
  } catch (error) {
    if (error instanceof StoreCorruptError) throw error;
    // An operator's setting, not a bug: one line naming it (never the URL's password), no stack trace.
    const reason = (error as Error).message;
    if (!databaseUrl) {
      const line = `DATA_DIR ${resolve(dataDir)} cannot hold the store (${reason})`;
      throw new StoreOpenError(`${line}: set DATA_DIR to a folder this user can write.`, { cause: error });
    }
    const url = new URL(databaseUrl);
    const line = `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname} cannot be used (${reason})`;
    throw new StoreOpenError(`${line}: check ${variable} and that PostgreSQL is running.`, { cause: error });
  }
}
