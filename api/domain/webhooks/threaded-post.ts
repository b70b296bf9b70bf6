// The server's webhook posts, made in a worker thread of their own (queue/sender-thread.ts says why).
import { senderThread } from '../queue/sender-thread.ts';
import type { PostCall } from './post-thread.ts';
import type { PostResult } from './post.ts';

export function createThreadedPost() {
  const thread = senderThread<PostCall, PostResult>(new URL('./post-thread.ts', import.meta.url), null);
  return { post: (...call: PostCall) => thread.call(call), close: () => thread.close() };
}
