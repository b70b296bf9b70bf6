// "Did you mean …?" for a value outside a vocabulary, so a 422 can name the closest valid value: a candidate the
// value begins (or is a word of, "audio" → "conversational_audio"), else the one fewest edits away (Levenshtein,
// case-insensitive), and none at all when nothing is near: a far-off suggestion ("Mandarin" → "Arabic") misleads.

/** Edits from `a` to `b`, or Infinity as soon as it must exceed `limit` (most candidates stop after a row or two). */
function distance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    if (Math.min(...current) > limit) return Infinity;
    previous = current;
  }
  return previous[b.length]!;
}

/** How many edits still read as a slip of the keyboard: one in three letters, and at least one. */
const nearEnough = (length: number) => Math.max(1, Math.floor(length / 3));

/** The candidate closest to `value` (ties: the first), or undefined when none is near it. */
export function closest(value: string, candidates: Iterable<string>): string | undefined {
  const wanted = value.slice(0, 100).trim().toLowerCase(); // bounded: a long input costs no more than a short one
  if (!wanted) return undefined;
  const limit = nearEnough(wanted.length);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    const d = lower.startsWith(wanted)
      ? 0
      : wanted.startsWith(lower)
        ? 0.5
        : lower.split(/[\s_.-]+/).some((word) => word.startsWith(wanted))
          ? 0.75
          : distance(wanted, lower, limit);
    if (d <= limit && d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}
