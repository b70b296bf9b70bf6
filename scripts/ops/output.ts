// How a command's result reads on a terminal: a table for a listing, `key: value` lines for one record. Whatever a
// lab typed is shown, never obeyed: control characters and bidi overrides are written as \u escapes, and a value's
// own line breaks as \n, so no value can colour the terminal, move the cursor or forge a line of its own.

// C0 controls but newline, C1 controls, DEL, and the bidirectional marks, overrides and isolates.
const HIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text safe to print: hidden characters as \u escapes (inside JSON strings, the same value). */
export const visible = (text: string): string =>
  text.replace(HIDDEN, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** One value on one line. */
const oneLine = (text: string) => visible(text.replace(/\r?\n/g, '\\n'));

/** A listing for people: a header, then one line per record, each cell cut at 60 characters. */
export function table(rows: unknown[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cell = (row: unknown, column: string): string => {
    const value = column
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | null | undefined)?.[key], row);
    const text =
      value === null || value === undefined
        ? '-'
        : Array.isArray(value)
          ? value.join(',') || '-'
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
    const line = visible(text.replace(/\s+/g, ' '));
    return line.length > 60 ? `${line.slice(0, 59)}…` : line;
  };
  const lines = [columns, ...rows.map((row) => columns.map((column) => cell(row, column)))];
  const widths = columns.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  return lines
    .map((line) =>
      line
        .map((text, i) => text.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** For people: records as `key: value` blocks, lists as blocks separated by a blank line. */
export function humanize(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(humanize).join('\n\n');
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(
        ([key, field]) =>
          `${key}: ${oneLine(field && typeof field === 'object' ? JSON.stringify(field) : String(field))}`,
      )
      .join('\n');
  }
  return oneLine(String(value));
}
