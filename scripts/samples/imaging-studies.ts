// The studies of an imaging sample, made as a delivery is: a DICOM series per study (a SEG beside a CT where the
// card promises one) and its labels as JSON with the data card's fields. Seeded by listing and study number.
import { ctStudy } from './ct-study.ts';
import { part10, SOP_CLASSES, storedPixels } from './dicom.ts';
import { imagingKind } from './imaging-kinds.ts';
import { chestRadiograph } from './phantoms.ts';
import { rasterise } from './raster.ts';
import { between, pick, uid } from './rng.ts';
import { base, image, json, type Listing, type SampleFile } from './study-common.ts';
import { liverScene, ultrasoundFrame } from './ultrasound.ts';

export type { SampleFile } from './study-common.ts';

/** An abdominal ultrasound: a still and a short cine of the liver (multi-frame), and the report's findings. */
function usStudy(listing: Listing, index: number): SampleFile[] {
  const b = base(listing, index, 'US');
  const scene = liverScene(b.rng);
  const [columns, rows, frames] = [640, 480, 4];
  const series = (n: number) => ({
    SeriesInstanceUID: uid(`${b.seed}/us/${n}`),
    SeriesNumber: n,
    Modality: 'US',
  });
  const common = { ...b.common, ...image(rows, columns, 8), ImageType: ['ORIGINAL', 'PRIMARY', 'ABDOMINAL'] };
  const still = {
    ...common,
    ...series(1),
    SOPClassUID: SOP_CLASSES.US,
    SOPInstanceUID: uid(`${b.seed}/us/1/1`),
    SeriesDescription: 'Liver, right lobe',
    InstanceNumber: 1,
    PixelData: ultrasoundFrame(scene, columns, rows).buffer,
    _vrMap: { PixelData: 'OB' },
  };
  const cine = Buffer.concat(
    Array.from({ length: frames }, (_, f) => ultrasoundFrame(scene, columns, rows, f + 1)),
  );
  const clip = {
    ...common,
    ...series(2),
    SOPClassUID: SOP_CLASSES.US_MULTIFRAME,
    SOPInstanceUID: uid(`${b.seed}/us/2/1`),
    SeriesDescription: 'Liver sweep, cine',
    InstanceNumber: 1,
    NumberOfFrames: frames,
    FrameTime: 50,
    FrameIncrementPointer: 0x00181063, // Frame Time
    CineRate: 20,
    PixelData: cine.buffer.slice(cine.byteOffset, cine.byteOffset + cine.length),
    _vrMap: { PixelData: 'OB' },
  };
  const files = [
    { path: `${b.dir}/us/IM0001.dcm`, bytes: part10(still) },
    { path: `${b.dir}/us/CINE0001.dcm`, bytes: part10(clip) },
  ];
  const grade = pick(b.rng, ['none', 'mild', 'moderate', 'severe']);
  const sizeMm = Math.round(scene.dark[0]!.a * 2 * 80);
  const labels = {
    study_id: b.id,
    images: files.map((file) => file.path.slice(b.dir.length + 1)),
    modality: ['US'],
    study_year: b.year,
    age_band: b.ageBand,
    sex: b.sex,
    manufacturer: 'SYNTHETIC',
    steatosis_grade: grade,
    focal_lesion: true,
    report_findings: {
      liver_span_cm: Math.round(between(b.rng, 13, 18) * 10) / 10,
      echogenicity: grade === 'none' ? 'normal' : 'increased',
      lesions: [{ segment: 'VI', size_mm: sizeMm, appearance: 'hypoechoic, well defined' }],
    },
  };
  return [...files, { path: `${b.dir}/labels.json`, bytes: json(labels) }];
}

/** A chest radiograph (DX or CR, 2048 px at 0.2 mm) with a nodule, and its labels. */
function radiographStudy(listing: Listing, index: number): SampleFile[] {
  const b = base(listing, index, 'CXR');
  const { scene } = chestRadiograph(b.rng);
  const modality = index === 1 ? 'CR' : 'DX';
  const view = index === 1 ? 'AP' : 'PA';
  const size = 2048;
  const dataset = {
    ...b.common,
    SOPClassUID: SOP_CLASSES[modality],
    SOPInstanceUID: uid(`${b.seed}/image`),
    Modality: modality,
    SeriesInstanceUID: uid(`${b.seed}/series`),
    SeriesNumber: 1,
    SeriesDescription: `Chest ${view}`,
    InstanceNumber: 1,
    ImageType: ['ORIGINAL', 'PRIMARY'],
    ...(modality === 'DX' ? { PresentationIntentType: 'FOR PRESENTATION' } : {}),
    ViewPosition: view,
    ImagerPixelSpacing: [0.2, 0.2],
    PixelSpacing: [0.2, 0.2],
    ...image(size, size, 12),
    RescaleIntercept: 0,
    RescaleSlope: 1,
    WindowCenter: 1450,
    WindowWidth: 2800,
    PixelData: storedPixels(rasterise(scene, size, size), 0, false),
    _vrMap: { PixelData: 'OW' },
  };
  const file = { path: `${b.dir}/IM0001.dcm`, bytes: part10(dataset) };
  const labels = {
    image_id: b.id,
    image: 'IM0001.dcm',
    modality,
    view,
    study_year: b.year,
    age_band: b.ageBand,
    sex: b.sex,
    findings: {
      consolidation: false,
      effusion: false,
      pneumothorax: false,
      cardiomegaly: false,
      nodule: true,
      tuberculosis_signs: false,
      normal: false,
    },
  };
  return [file, { path: `${b.dir}/labels.json`, bytes: json(labels) }];
}

const MAKERS: Record<string, (listing: Listing, index: number) => SampleFile[]> = {
  'ct-nodule': ctStudy,
  'us-liver': usStudy,
  dx: radiographStudy,
};

/** Three studies of the listing's kind; a kind without a maker here is an error that names it. */
export function imagingStudies(listing: Listing, count = 3): SampleFile[] {
  const kind = imagingKind(listing);
  const make = MAKERS[kind.scene];
  if (!make)
    throw new Error(
      `${listing.id}: no sample studies for ${kind.scene} yet (scripts/samples/imaging-studies.ts)`,
    );
  return Array.from({ length: count }, (_, i) => make(listing, i + 1)).flat();
}
