// The known value nearest to what was written, for 422 messages that name the closest valid value
// ("finanse" → "banking"? no: edit distance, so a typo finds its word). Levenshtein over short vocabularies.

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

/** The option nearest to `value` (ties: the first in `options`); `value` is compared as given. */
export function closest(value: string, options: readonly string[]): string {
  let best = options[0]!;
  let bestDistance = Infinity;
  const probe = value.slice(0, 100); // bounded: a long input costs no more than a short one
  for (const option of options) {
    const d = option.startsWith(probe) || probe.startsWith(option) ? 0.5 : distance(probe, option);
    if (d < bestDistance) [best, bestDistance] = [option, d];
  }
  return best;
}
