// The demand board for the on-demand /demand/ page, read from the same store the API writes (the server's,
// handed to the pages; every read is current, so a post is on the page the moment its request is acknowledged).
import { LIST_LIMIT, publicPost } from '../../api/domain/requests/views.ts';
import { pageRuntime } from './self-serve/runtime.ts';

export async function demandPosts(astro: Parameters<typeof pageRuntime>[0]) {
  const { store } = pageRuntime(astro);
  // The newest LIST_LIMIT, as GET /api/v1/demand: the page must not grow with the board.
  return (await store.demandPosts({ limit: LIST_LIMIT })).items.map(publicPost);
}
