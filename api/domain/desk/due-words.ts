// A promise's time as the desk says it (contract §13): "due in 3 hours", "overdue by 2 days", in Intl's words for the
// unit, so the number and the unit read as a person writes them.

const UNITS: [unit: 'minute' | 'hour' | 'day', ms: number, below: number][] = [
  ['minute', 60_000, 60 * 60_000],
  ['hour', 3_600_000, 48 * 3_600_000],
  ['day', 86_400_000, Infinity],
];

const formats = new Map<string, Intl.NumberFormat>();
const format = (unit: string) => {
  let found = formats.get(unit);
  if (!found) {
    found = new Intl.NumberFormat('en-GB', { style: 'unit', unit, unitDisplay: 'long' });
    formats.set(unit, found);
  }
  return found;
};

/** How long, in the largest unit that reads naturally: "45 minutes", "3 hours", "2 days" (rounded down, at least 1). */
export function duration(ms: number): string {
  const [unit, size] = UNITS.find(([, , below]) => ms < below)!;
  return format(unit).format(Math.max(1, Math.floor(ms / size)));
}

export type DueWords = { text: string; overdue: boolean };

export function dueWords(due: string | Date, now: Date): DueWords {
  const left = new Date(due).getTime() - now.getTime();
  return left >= 0
    ? { text: `due in ${duration(left)}`, overdue: false }
    : { text: `overdue by ${duration(-left)}`, overdue: true };
}
