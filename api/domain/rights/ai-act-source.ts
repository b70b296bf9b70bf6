// A listing as one entry of the EU AI Act's public summary of training content (Article 53(1)(d); the Commission's
// template, July 2025, section 2.2.1 "datasets commercially licensed by rightsholders or their representatives"):
// the fields a general-purpose model provider copies for each licensed source. Served at
// /catalog/<id>/ai-act-source.json and shown on the listing page under "For your training-data summary".
import type { ListingWithoutNda } from '../listings/listing-schema.ts';
import { parseBand } from '../requests/bands.ts';
import { rightsSentence } from './rights-words.ts';

export const AI_ACT_TEMPLATE =
  'European Commission, Explanatory Notice and Template for the Public Summary of Training Content for general-purpose AI models (Article 53(1)(d) of Regulation (EU) 2024/1689)';

/** The template's size ranges for audio; other units (studies) have no range of their own there. */
function templateSizeRange(sizeBand: string): string | null {
  const parsed = parseBand('volume', sizeBand);
  if (!parsed.ok || parsed.band.range.unit !== 'hours') return null;
  const top = parsed.band.range.max ?? Infinity;
  if (top < 10_000) return 'Less than 10,000 hours';
  if (top <= 1_000_000) return '10,000 to 1 million hours';
  return 'More than 1 million hours';
}

export type AiActSource = {
  template: string;
  section: string;
  source_type: string;
  name: string;
  url: string;
  modality: 'Audio' | 'Image';
  content_type: string;
  size_band: string;
  template_size_range: string | null;
  period: string;
  languages: string[] | null;
  geography: string;
  licence: string;
  licence_terms_url: string;
};

export function aiActSource(listing: ListingWithoutNda, site: URL): AiActSource {
  const audio = listing.vertical === 'conversational_audio';
  return {
    template: AI_ACT_TEMPLATE,
    section: '2.2.1 Datasets commercially licensed by rightsholders or their representatives',
    source_type: 'Private dataset, commercially licensed from the rightsholder through Data Sourcing Service',
    name: listing.title,
    url: new URL(`/catalog/${listing.id}/`, site).href,
    modality: audio ? 'Audio' : 'Image',
    content_type: audio ? 'Private audio communication (recorded conversations)' : 'Medical images',
    size_band: listing.size_band,
    template_size_range: templateSizeRange(listing.size_band),
    period: listing.years_covered,
    languages: listing.languages,
    geography: listing.geography,
    licence: rightsSentence(listing.rights),
    licence_terms_url: new URL(`/catalog/${listing.id}/rights.jsonld`, site).href,
  };
}

/** The same entry as lines a person pastes into the summary's table. */
export function aiActSourceText(entry: AiActSource): string {
  return [
    `Source type: ${entry.source_type}`,
    `Name: ${entry.name} (${entry.url})`,
    `Modality: ${entry.modality}, ${entry.content_type}`,
    `Size: ${entry.size_band}${entry.template_size_range ? ` (${entry.template_size_range})` : ''}`,
    `Period of collection: ${entry.period}`,
    ...(entry.languages ? [`Languages: ${entry.languages.join(', ')}`] : []),
    `Geography: ${entry.geography}`,
    `Licence: ${entry.licence}`,
  ].join('\n');
}
