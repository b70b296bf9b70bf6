// The bench's one output: figure, ours, baseline (measured in the same run), ratio, target, met.
export type Row = {
  figure: string;
  ours: number;
  baseline?: number;
  unit: string;
  /** e.g. "≥ 0.6× baseline", "≤ 25 ms"; checked by `met`. */
  target?: string;
  met?: boolean;
};

const format = (value: number | undefined, unit: string) =>
  value === undefined
    ? ''
    : `${value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(value >= 10 ? 1 : 2)} ${unit}`;

export function table(rows: readonly Row[]): string {
  const lines = [
    '| figure | ours | baseline | ratio | target | met |',
    '|---|---:|---:|---:|---|:-:|',
    ...rows.map((row) => {
      const ratio = row.baseline ? `${(row.ours / row.baseline).toFixed(2)}×` : '';
      const met = row.met === undefined ? '' : row.met ? 'yes' : '**no**';
      return `| ${row.figure} | ${format(row.ours, row.unit)} | ${format(row.baseline, row.unit)} | ${ratio} | ${row.target ?? ''} | ${met} |`;
    }),
  ];
  return lines.join('\n');
}
