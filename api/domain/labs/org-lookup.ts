// An organisation as a person names it: by its id, or by its name in any case and spacing ("helix speech labs").
// The CLI's --org and the desk's "approve into an existing organisation" both ask it.
import { invalid, notFound } from '../../errors.ts';
import type { Org } from '../../store/records.ts';
import type { StoreReads } from '../../store/store.ts';
import { closest } from '../closest.ts';

const folded = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The organisation with this id or name; none, or two of the same name, is refused naming what there is. */
export async function findOrg(reads: StoreReads, given: string): Promise<Org> {
  const byId = await reads.orgById(given.trim());
  if (byId) return byId;
  const orgs = await reads.orgs();
  const named = orgs.filter((org) => folded(org.name) === folded(given));
  if (named.length === 1) return named[0]!;
  if (named.length > 1) {
    const candidates = named.map((org) => `${org.name} (${org.id})`).join(', ');
    throw invalid(`${named.length} organisations are named "${given.trim()}": ${candidates}. Give the id.`, {
      org: named.map((org) => org.id),
    });
  }
  const near = closest(
    folded(given),
    orgs.map((org) => folded(org.name)),
  );
  const match = near && orgs.find((org) => folded(org.name) === near);
  // As requireOrg says it ("No organisation X."), with the nearest name when there is one.
  const shown = given.trim().slice(0, 80);
  throw notFound(
    match
      ? `No organisation ${shown}; did you mean "${match.name}" (${match.id})?`
      : `No organisation ${shown}.`,
  );
}

/** Each row with its organisation's name beside its org_id (a table a person reads, not ids alone). */
export async function withOrgNames<T extends { org_id: string }>(
  reads: StoreReads,
  rows: T[],
): Promise<(T & { org_name: string | null })[]> {
  const names = new Map((await reads.orgs()).map((org) => [org.id, org.name]));
  return rows.map((row) => {
    const entries = Object.entries(row).flatMap(([key, value]) =>
      key === 'org_id'
        ? [
            [key, value],
            ['org_name', names.get(row.org_id) ?? null],
          ]
        : [[key, value]],
    );
    return Object.fromEntries(entries) as T & { org_name: string | null };
  });
}
