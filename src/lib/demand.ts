// The demand board for the on-demand /demand/ page, read from the same store the API writes (one instance per
// server process, refreshed per request, so a post is on the page the moment its request is acknowledged).
import { loadConfig } from '../../api/config.ts';
import { demandBoard, publicPost } from '../../api/domain/requests/data-requests.ts';
import { Store } from '../../api/store/json/json-store.ts';

let store: Promise<Store> | undefined;

export async function demandPosts() {
  store ??= Store.open(loadConfig().dataDir);
  const opened = await store;
  await opened.refresh();
  return demandBoard(opened).map(publicPost);
}
