// How a command's result reads on a terminal: a table for a listing, `key: value` lines for one record.

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
    const line = text.replace(/\s+/g, ' ');
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
          `${key}: ${field && typeof field === 'object' ? JSON.stringify(field) : String(field)}`,
      )
      .join('\n');
  }
  return String(value);
}
