// "Did you mean …?" for a value outside a vocabulary, so a 422 can name the closest valid value: the candidate
// fewest edits away (Levenshtein distance, case-insensitive), a prefix ("germ" → "Germany") closest of all.

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The candidate closest to `value` (ties: the first), or undefined when there are none. */
export function closest(value: string, candidates: Iterable<string>): string | undefined {
  const wanted = value.slice(0, 100).toLowerCase(); // bounded: a long input costs no more than a short one
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    const d = lower.startsWith(wanted) ? 0 : wanted.startsWith(lower) ? 0.5 : distance(wanted, lower);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}
