// The allowed values the spec leaves "not shown": one place, published in /openapi.json and in 422 messages.

export const VERTICALS = ['conversational_audio', 'medical_imaging'] as const;
export type Vertical = (typeof VERTICALS)[number];

// Listing states in their order of progression (spec: States and transitions).
export const LISTING_STATUSES = ['listed', 'sample_ready', 'under_nda', 'licensed'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

// What each state means to a buyer: shown after the state's label ("Sample ready", then this sentence).
export const STATUS_MEANINGS: Record<ListingStatus, string> = {
  listed: 'The dataset is described and open to data requests; a sample is not prepared yet.',
  sample_ready: 'A de-identified sample can be sent to labs whose organisation has accepted the NDA.',
  under_nda: 'A lab is evaluating the full dataset under NDA; other labs can still ask.',
  licensed: 'The dataset has been licensed; non-exclusive terms or similar data may still be available.',
};

// What one record is, per vertical.
export const DATA_TYPES = {
  conversational_audio: ['call_audio', 'meeting_audio', 'telehealth_audio', 'voicemail_audio'],
  medical_imaging: [
    'ct_study',
    'mr_study',
    'radiograph',
    'mammogram',
    'ultrasound_study',
    'pet_ct_study',
    'whole_slide_image',
  ],
} as const satisfies Record<Vertical, readonly string[]>;
export const ALL_DATA_TYPES = [...DATA_TYPES.conversational_audio, ...DATA_TYPES.medical_imaging] as const;
export type DataType = (typeof ALL_DATA_TYPES)[number];

// The industry a dataset comes from, per vertical.
export const DOMAINS = {
  conversational_audio: [
    'insurance',
    'banking',
    'telecommunications',
    'retail',
    'travel',
    'utilities',
    'healthcare',
    'collections',
    'automotive',
    'public_sector',
  ],
  medical_imaging: [
    'radiology',
    'oncology',
    'cardiology',
    'neurology',
    'pathology',
    'orthopaedics',
    'pulmonology',
    'breast_imaging',
    'emergency_medicine',
  ],
} as const satisfies Record<Vertical, readonly string[]>;
export const ALL_DOMAINS = [...DOMAINS.conversational_audio, ...DOMAINS.medical_imaging] as const;
export type Domain = (typeof ALL_DOMAINS)[number];

// DICOM modality codes (PS3.3 C.7.3.1.1.1) a listing's `modality` may name.
export const DICOM_MODALITIES = {
  CT: 'Computed tomography',
  MR: 'Magnetic resonance',
  CR: 'Computed radiography',
  DX: 'Digital radiography',
  MG: 'Mammography',
  US: 'Ultrasound',
  PT: 'Positron emission tomography',
  NM: 'Nuclear medicine',
  XA: 'X-ray angiography',
  RF: 'Radiofluoroscopy',
  SM: 'Slide microscopy',
  OCT: 'Optical coherence tomography',
} as const;
export type DicomModality = keyof typeof DICOM_MODALITIES;

// The five fixed bands data requests took before bands were written freely (contract §9). Records stored then
// hold them; requests/bands.ts parses each, so they are read as any other band (no migration).
export const VOLUME_BANDS = ['<1 TB', '1-10 TB', '10-50 TB', '50-200 TB', '200+ TB'] as const;
export const TIMELINE_BANDS = ['<1 month', '1-3 months', '3-6 months', '6-12 months', '12+ months'] as const;
export const EXCLUSIVITY = ['exclusive', 'non_exclusive', 'open_to_both'] as const;
export type VolumeBand = (typeof VOLUME_BANDS)[number];
export type TimelineBand = (typeof TIMELINE_BANDS)[number];
export type Exclusivity = (typeof EXCLUSIVITY)[number];

// A data request's life (contract §9): forward only; `closed` carries an outcome.
export const REQUEST_STATUSES = ['received', 'in_review', 'proposal_sent', 'closed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_OUTCOMES = ['licensed', 'declined', 'no_match', 'withdrawn'] as const;
export type RequestOutcome = (typeof REQUEST_OUTCOMES)[number];
