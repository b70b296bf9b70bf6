// The one place that picks a store engine: everything else talks to the Store interface.
import type { Config } from '../config.ts';
import { JsonStore } from './json/json-store.ts';
import { PgStore } from './postgres/pg-store.ts';
import type { Store } from './store.ts';

/** PostgreSQL when DATABASE_URL is set; the JSON files in DATA_DIR otherwise. */
export async function openStore(
  config: Pick<Config, 'dataDir'> & { databaseUrl?: string | undefined },
): Promise<Store> {
  return config.databaseUrl ? PgStore.open(config.databaseUrl) : JsonStore.open(config.dataDir);
}
