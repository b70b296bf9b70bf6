// An organisation as a person names it (contract §13: "found by name"): its id, or its name in any case. A name
// that fits none is refused naming the closest; one that fits several lists them.
import { invalid } from '../../errors.ts';
import type { Org } from '../../store/records.ts';
import type { StoreReads } from '../../store/store.ts';
import { closest } from '../closest.ts';

/** `field`: where the error shows (a form's field, a flag). */
export async function orgByName(reads: StoreReads, text: string, field = 'org'): Promise<Org> {
  const wanted = text.trim();
  const orgs = await reads.orgs();
  const byId = orgs.find((o) => o.id === wanted);
  if (byId) return byId;
  const named = orgs.filter((o) => o.name.toLowerCase() === wanted.toLowerCase());
  if (named.length === 1) return named[0]!;
  if (named.length > 1) {
    const which = named.map((o) => `${o.name} (${o.id})`).join(', ');
    throw invalid(`Several organisations are called ${wanted}.`, {
      [field]: [`several organisations have this name; give the id of one: ${which}`],
    });
  }
  const near = closest(
    wanted,
    orgs.map((o) => o.name),
  );
  throw invalid(`No organisation is called ${wanted.slice(0, 100)}.`, {
    [field]: [
      near ? `no organisation is called that; the closest is "${near}"` : 'no organisation is called that',
    ],
  });
}
