// Human labels for the catalogue's machine values, shared by pages, Markdown feeds and the MCP resources.
import type { ListingWithoutNda } from './listing-schema.ts';
import { priceSummary } from './pricing.ts';
import {
  DICOM_MODALITIES,
  STATUS_MEANINGS,
  type DataType,
  type DicomModality,
  type Exclusivity,
  type ListingStatus,
  type Vertical,
} from '../vocabulary.ts';

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

// What one record is, as a person writes it ("CT study", not "Ct study").
export const DATA_TYPE_LABELS: Record<DataType, string> = {
  call_audio: 'Call audio',
  meeting_audio: 'Meeting audio',
  telehealth_audio: 'Telehealth audio',
  voicemail_audio: 'Voicemail audio',
  ct_study: 'CT study',
  mr_study: 'MR study',
  radiograph: 'Radiograph',
  mammogram: 'Mammogram',
  ultrasound_study: 'Ultrasound study',
  pet_ct_study: 'PET-CT study',
  whole_slide_image: 'Whole-slide image',
};

export const EXCLUSIVITY_LABELS: Record<Exclusivity, string> = {
  exclusive: 'Exclusive',
  non_exclusive: 'Non-exclusive',
  open_to_both: 'Open to both',
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

export const domainLabel = (domain: string) => humanize(domain);

/** One line that says what a listing is: used as a summary in pages, Markdown and feeds. */
export function listingSummary(listing: ListingWithoutNda): string {
  const what = listing.languages ? listing.languages.join(', ') : modalityLabel(listing.modality ?? '');
  return [
    VERTICAL_LABELS[listing.vertical],
    DATA_TYPE_LABELS[listing.data_type],
    what,
    listing.size_band,
    listing.years_covered,
    listing.geography,
    `${domainLabel(listing.domain)} domain`,
  ].join(' · ');
}

/** "Sample ready — a de-identified sample can be sent …": a state and what it means, in one line. */
export const statusLine = (status: ListingStatus) =>
  `${STATUS_LABELS[status]} — ${STATUS_MEANINGS[status].charAt(0).toLowerCase()}${STATUS_MEANINGS[status].slice(1)}`;

/** Public facts as label/value rows, in the spec's field order (the page's fact sheet and the Markdown table). */
export function listingFacts(listing: ListingWithoutNda): [string, string][] {
  const rows: [string, string][] = [
    ['Listing ID', listing.id],
    ['Vertical', VERTICAL_LABELS[listing.vertical]],
    ['One record is', DATA_TYPE_LABELS[listing.data_type]],
    ['Size', listing.size_band],
    ['Years covered', listing.years_covered],
  ];
  if (listing.languages) rows.push(['Languages', listing.languages.join(', ')]);
  if (listing.modality) rows.push(['Modality', modalityLabel(listing.modality)]);
  rows.push(
    ['Domain', domainLabel(listing.domain)],
    ['Geography', listing.geography],
    ['Status', statusLine(listing.status)],
    [
      'Exclusivity',
      listing.exclusivity_available ? 'Available from the owner' : 'Not offered (non-exclusive only)',
    ],
    ...(listing.pricing ? [['Indicative price', priceSummary(listing.pricing)] as [string, string]] : []),
    ['Illustrative listing', listing.sample ? 'Yes (not live inventory)' : 'No'],
    // The date JSON-LD (dateModified), Croissant and the feed carry: a reader of the page or .md sees it too.
    ['Updated', listing.updated],
  );
  return rows;
}
