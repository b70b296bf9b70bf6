// Human labels for the catalogue's machine values, shared by pages, Markdown feeds and the MCP resources.
import type { ListingWithoutNda } from './listing-schema.ts';
import { DICOM_MODALITIES, type DicomModality, type ListingStatus, type Vertical } from '../vocabulary.ts';

export const VERTICAL_LABELS: Record<Vertical, string> = {
  conversational_audio: 'Conversational audio',
  medical_imaging: 'Medical imaging',
};

export const STATUS_LABELS: Record<ListingStatus, string> = {
  listed: 'Listed',
  sample_ready: 'Sample ready',
  under_nda: 'Under NDA',
  licensed: 'Licensed',
};

/** `call_audio` → `Call audio`, `public_sector` → `Public sector`. */
export function humanize(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function modalityLabel(modality: string): string {
  return modality
    .split(',')
    .map((code) => code.trim())
    .map((code) => `${DICOM_MODALITIES[code as DicomModality] ?? code} (${code})`)
    .join(', ');
}

/** One line that says what a listing is: used as a summary in pages, Markdown and feeds. */
export function listingSummary(listing: ListingWithoutNda): string {
  const what = listing.languages ? listing.languages.join(', ') : modalityLabel(listing.modality ?? '');
  return [
    VERTICAL_LABELS[listing.vertical],
    humanize(listing.data_type).toLowerCase(),
    what,
    listing.size_band,
    listing.years_covered,
    listing.geography,
    `${humanize(listing.domain).toLowerCase()} domain`,
  ].join(' · ');
}

/** Public facts as label/value rows, in the spec's field order (the page's fact sheet and the Markdown table). */
export function listingFacts(listing: ListingWithoutNda): [string, string][] {
  const rows: [string, string][] = [
    ['Listing ID', listing.id],
    ['Vertical', VERTICAL_LABELS[listing.vertical]],
    ['Data type', humanize(listing.data_type)],
    ['Size', listing.size_band],
    ['Years covered', listing.years_covered],
  ];
  if (listing.languages) rows.push(['Languages', listing.languages.join(', ')]);
  if (listing.modality) rows.push(['Modality', modalityLabel(listing.modality)]);
  rows.push(
    ['Domain', humanize(listing.domain)],
    ['Geography', listing.geography],
    ['Status', STATUS_LABELS[listing.status]],
    ['Exclusivity available', listing.exclusivity_available ? 'Yes' : 'No'],
    ['Illustrative listing', listing.sample ? 'Yes (not live inventory)' : 'No'],
  );
  return rows;
}
