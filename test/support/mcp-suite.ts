// The MCP tests' shared start (test/http/mcp*.test.ts): the service in process, two labs (one whose organisation
// accepted the NDA, one not), and an MCP client for each and one without a key, opened before the file's tests and
// closed after them. Read `state` in tests and hooks (it is filled once the clients are open).
import { afterAll, beforeAll } from 'vitest';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { apiClient, LISTING_ID, startApiServer } from './api-client.ts';
import type { InProcessServer } from './app.ts';
import { makeLab, type Lab } from './lab.ts';
import { mcpOverHttp, type McpClient } from './mcp.ts';

export function mcpSuite() {
  const state = {} as {
    server: InProcessServer;
    listings: ListingWithBody[];
    listing: ListingWithBody;
    withNda: Lab;
    withoutNda: Lab;
    anonymous: McpClient;
    ndaLab: McpClient;
    plainLab: McpClient;
  };
  const { opsOk, call } = apiClient(() => state.server);
  const clients: McpClient[] = [];
  const open = async (authorization?: string) => {
    const client = await mcpOverHttp(state.server.url, authorization);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    const [started, loaded] = await Promise.all([startApiServer(), loadListings('content/listings')]);
    state.server = started;
    state.listings = loaded;
    state.listing = state.listings.find((l) => l.id === LISTING_ID)!;
    [state.withNda, state.withoutNda] = await Promise.all([
      makeLab(state.server.dataDir, 'MCP lab with NDA'),
      makeLab(state.server.dataDir, 'MCP lab without NDA'),
    ]);
    await opsOk('nda', 'accept', '--org', state.withNda.orgId);
    [state.anonymous, state.ndaLab, state.plainLab] = await Promise.all([
      open(),
      open(`Bearer ${state.withNda.key}`),
      open(`Bearer ${state.withoutNda.key}`),
    ]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await state.server?.stop();
  });

  return { state, opsOk, call, open };
}
