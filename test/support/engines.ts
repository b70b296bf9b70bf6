// Every store engine, for tests that hold each to the same promises: the JSON files (a temp DATA_DIR) and
// PostgreSQL (a fresh database on the server test/setup/postgres.ts started; skipped where it is not installed).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openStore } from '../../api/store/open-store.ts';
import type { Store } from '../../api/store/store.ts';
import { freshDatabase } from './postgres.ts';

/** `place()` makes an empty store's place and returns how to open it (again, as a restarted process would). */
export type Engine = { name: string; skip?: string; place(): Promise<() => Promise<Store>> };

export const ENGINES: Engine[] = [
  {
    name: 'json',
    async place() {
      const dataDir = await mkdtemp(join(tmpdir(), 'dss-contract-'));
      return () => openStore({ dataDir });
    },
  },
  {
    name: 'postgres',
    skip: inject('postgresUrl') ? undefined : 'PostgreSQL is not installed here (apt-get install postgresql)',
    async place() {
      const databaseUrl = await freshDatabase(inject('postgresUrl'));
      return () => openStore({ dataDir: 'unused', databaseUrl });
    },
  },
];
