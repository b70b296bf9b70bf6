// The API core with the real seed catalogue, for handler tests that use real Requests (no server).
import { ENDPOINTS } from '../../api/handlers/endpoints.ts';
import { createApi } from '../../api/http/pipeline.ts';
import type { Deps } from '../../api/http/types.ts';
import { createCatalog } from '../../api/domain/listings/catalog.ts';
import { loadConfig } from '../../api/config.ts';
import { loadListings } from '../../api/domain/listings/listing-files.ts';
import type { RequestLog } from '../../api/http/log.ts';
import { openStore } from '../../api/store/open-store.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type LoggedError = { requestId: string; error: unknown };

export async function testApi(env: Record<string, string> = {}, overrides: Partial<Deps> = {}) {
  const listings = await loadListings('content/listings');
  const errors: LoggedError[] = [];
  const log: RequestLog = {
    request() {},
    info() {},
    flush() {},
    error: (requestId, error) => errors.push({ requestId, error }),
  };
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-api-'));
  const store = await openStore({ dataDir });
  const deps: Deps = {
    config: loadConfig({ DATA_DIR: dataDir, ...env }),
    catalog: createCatalog(listings),
    store,
    log,
    ...overrides,
  };
  const api = createApi(deps, ENDPOINTS);
  let n = 0;
  const call = (path: string, init: RequestInit & { ip?: string } = {}) =>
    api.fetch(new Request(`http://localhost${path}`, init), {
      clientIp: init.ip ?? '192.0.2.1',
      requestId: `test-${++n}`,
    });
  return { api, call, listings, errors, deps, store, dataDir };
}
