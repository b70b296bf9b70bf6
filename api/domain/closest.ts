// "Did you mean …?" for a value outside a vocabulary: the candidate fewest edits away (Levenshtein distance).

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

/** The candidate closest to `value` (case-insensitive), or undefined when there is none. */
export function closest(value: string, candidates: Iterable<string>): string | undefined {
  const wanted = value.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    // A prefix ("germ" → "Germany") is the closest of all.
    const d = lower.startsWith(wanted) ? 0 : distance(wanted, lower);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}
