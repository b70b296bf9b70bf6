// Each organisation's data requests in the order they were made, so that "this hour's" are found by a binary search
// instead of by sorting all of them: an organisation's hourly cap and digest read them on every write.
import { newestFirst } from './pages.ts';

type Dated = { id: string; created_at: string };

const oldestFirst = (a: Dated, b: Dated) => newestFirst(b, a);

/** The first position in `list` (oldest first) whose entry is not before `entry`. */
function positionOf(list: Dated[], entry: Dated): number {
  let [low, high] = [0, list.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (oldestFirst(list[middle]!, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first position in `list` made after `after` (an ISO time): past every request made at `after` itself. */
const firstAfter = (list: Dated[], after: string) => positionOf(list, { id: '\uffff', created_at: after });

export class OrgTimeline {
  readonly #byOrg = new Map<string, Dated[]>();

  /** Adds a request once: a reload indexes it again, and a request's organisation and time never change. */
  add(orgId: string, { id, created_at }: Dated): void {
    let list = this.#byOrg.get(orgId);
    if (!list) this.#byOrg.set(orgId, (list = []));
    const last = list[list.length - 1];
    if (!last || oldestFirst(last, { id, created_at }) < 0) {
      list.push({ id, created_at }); // the usual case: the newest yet
      return;
    }
    const at = positionOf(list, { id, created_at });
    if (list[at]?.id !== id) list.splice(at, 0, { id, created_at });
  }

  remove(orgId: string, entry: Dated): void {
    const list = this.#byOrg.get(orgId);
    const at = list ? positionOf(list, entry) : -1;
    if (list?.[at]?.id === entry.id) list.splice(at, 1);
  }

  /** How many of the organisation's requests were made after `after` (an ISO time). */
  countAfter(orgId: string, after: string): number {
    const list = this.#byOrg.get(orgId) ?? [];
    return list.length - firstAfter(list, after);
  }

  /** The ids of the newest `limit` of the organisation's requests made after `after`, newest first. */
  newestAfter(orgId: string, after: string, limit: number): string[] {
    const list = this.#byOrg.get(orgId) ?? [];
    const from = Math.max(firstAfter(list, after), list.length - limit);
    return list
      .slice(from)
      .map((entry) => entry.id)
      .reverse();
  }
}
