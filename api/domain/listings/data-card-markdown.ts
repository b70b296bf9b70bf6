// A listing's public data card as Markdown: the listing's .md, llms-full.txt and the MCP resource share it.
import type { DataCard } from './listing-schema.ts';

const cell = (value: string) => value.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function dataCardMarkdown(card: DataCard): string {
  const lines = [
    '## Data card',
    '',
    `**One record:** ${card.record}`,
    '',
    '| Record field | Kind | What it holds |',
    '|---|---|---|',
    ...card.fields.map((f) => `| \`${f.name}\` | ${f.type} | ${cell(f.description)} |`),
    '',
    `**Formats:** ${card.formats.join('; ')}`,
    '',
    `**Typical size:** ${card.typical_size}`,
    '',
    `**Annotation:** ${card.annotation.method} **Checked:** ${card.annotation.checked}`,
    '',
  ];
  if (card.quality.length) {
    lines.push('**Quality:**', '', ...card.quality.map((q) => `- ${q.measure}: ${q.value}`), '');
  }
  lines.push(
    `**Collection:** ${card.collection}`,
    '',
    `**Consent and legal basis:** ${card.consent}`,
    '',
    '**Known limitations:**',
    '',
    ...card.limitations.map((l) => `- ${l}`),
    '',
  );
  if (card.preview_transcript?.length) {
    lines.push(
      '**Transcript excerpt (redacted):**',
      '',
      ...card.preview_transcript.map((turn) => `> **${turn.speaker}:** ${turn.text}`),
      '',
    );
  }
  return lines.join('\n');
}
