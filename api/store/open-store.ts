// The one place that picks a store engine: everything else talks to the Store interface.
import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { processShared } from '../process-shared.ts';
import { JsonStore } from './json/json-store.ts';
import { PgStore } from './postgres/pg-store.ts';
import type { Store } from './store.ts';

type Where = Pick<Config, 'dataDir'> & { databaseUrl?: string | undefined };

/** PostgreSQL when DATABASE_URL is set; the JSON files in DATA_DIR otherwise. A new instance on every call. */
export async function openStore(config: Where): Promise<Store> {
  return config.databaseUrl ? PgStore.open(config.databaseUrl) : JsonStore.open(config.dataDir);
}

/**
 * The process's one instance for this store: the API and the site's on-demand pages read through it, so memory
 * holds one index of the records (and one connection pool), not one per copy of the code.
 */
export function sharedStore(config: Where): Promise<Store> {
  return processShared(`store ${config.databaseUrl ?? resolve(config.dataDir)}`, () => openStore(config));
}
