// Which store the HTTP tests run against: the JSON files in DATA_DIR, or, in the `postgres` vitest project
// (DSS_TEST_STORE=postgres), a fresh PostgreSQL database per DATA_DIR. The server and the operator CLI started
// for one DATA_DIR get the same store.
import { inject } from 'vitest';
import { freshDatabase } from './postgres.ts';

const LINK_SECRET = 'test-link-secret-shared-by-every-instance-0123456789';
const databases = new Map<string, Promise<string>>();

export const testingPostgres = () => process.env.DSS_TEST_STORE === 'postgres';

/** The environment that points a process at the store of `dataDir`. */
export async function storeEnv(dataDir: string): Promise<Record<string, string>> {
  if (!testingPostgres()) return {};
  let database = databases.get(dataDir);
  if (!database) databases.set(dataDir, (database = freshDatabase(inject('postgresUrl'))));
  return { DATABASE_URL: await database, LINK_SECRET };
}
