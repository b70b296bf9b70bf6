// What every synthetic study shares: a seeded, de-identified patient and study (year within the card's years,
// an age band, a pseudonym) and the image pixel module.
import { patientAndStudy, type Dataset } from './dicom.ts';
import { imagingKind } from './imaging-kinds.ts';
import { between, opaqueId, seeded, uid, type Rng } from './rng.ts';

export type SampleFile = { path: string; bytes: Buffer };
export type Listing = {
  id: string;
  modality: string | null;
  domain: string;
  years_covered: string;
  data_card: { formats: string[] };
};
export type Base = {
  id: string;
  dir: string;
  common: Dataset;
  year: number;
  sex: 'F' | 'M';
  ageBand: string;
  rng: Rng;
  seed: string;
};

export const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

export function base(listing: Listing, index: number, prefix: string): Base {
  const seed = `${listing.id}/study/${index}`;
  const rng = seeded(seed);
  const [from, to = from] = (listing.years_covered.match(/\d{4}/g) ?? ['2020']).map(Number) as [
    number,
    number?,
  ];
  const year = Math.round(between(rng, from, to!));
  const sex = rng() < 0.5 ? 'F' : 'M';
  const age = 5 * Math.floor(between(rng, 40, 80) / 5);
  const id = opaqueId(prefix, seed);
  const studyDate = `${year}${String(1 + Math.floor(rng() * 12)).padStart(2, '0')}${String(1 + Math.floor(rng() * 28)).padStart(2, '0')}`;
  const patientId = opaqueId('P', `${seed}/patient`);
  const common = patientAndStudy({
    patientId,
    sex,
    studyUid: uid(`${seed}/study`),
    studyDate,
    bodyPart: imagingKind(listing).bodyPart,
  });
  return { id, dir: `studies/${id}`, common, year, sex, ageBand: `${age}-${age + 4}`, rng, seed };
}

export const image = (rows: number, columns: number, bits: number, signed = false) => ({
  SamplesPerPixel: 1,
  PhotometricInterpretation: 'MONOCHROME2',
  Rows: rows,
  Columns: columns,
  BitsAllocated: bits > 8 ? 16 : 8,
  BitsStored: bits,
  HighBit: bits - 1,
  PixelRepresentation: signed ? 1 : 0,
});
