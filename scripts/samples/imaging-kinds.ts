// What each imaging listing's synthetic images are: modality, body part (DICOM BodyPartExamined), the window a
// radiologist would read them in, and the scene. Chosen from the listing's public modality and domain only.
import { breastMg, brainMr, chestCt, chestRadiograph, kneeMr, prostateSlide } from './phantoms.ts';
import { rasterise, windowed, type Scene } from './raster.ts';
import { gaussian, type Rng } from './rng.ts';
import { heartScene, liverScene, ultrasoundFrame } from './ultrasound.ts';

export type Window = { name: string; center: number; width: number };
export type ImagingKind = {
  modality: string;
  bodyPart: string;
  bodyWords: string;
  window: Window;
  scene: string;
};

const KINDS: Record<string, ImagingKind> = {
  'CT/pulmonology': kind('ct-nodule', 'CT', 'CHEST', 'chest', 'lung window', -600, 1500),
  'CT/cardiology': kind(
    'ct-angio',
    'CT',
    'HEART',
    'heart (coronary CT angiography)',
    'angiography window',
    200,
    800,
  ),
  'CT, PT/oncology': kind('ct-nodes', 'CT', 'CHEST', 'chest (CT of a PET-CT)', 'soft-tissue window', 40, 400),
  'DX, CR/emergency_medicine': kind('dx', 'DX', 'CHEST', 'chest, frontal', 'full-range window', 1450, 2800),
  'MR/neurology': kind('mr-brain', 'MR', 'BRAIN', 'brain (T1 after contrast)', 'brain window', 480, 1000),
  'MR/orthopaedics': kind('mr-knee', 'MR', 'KNEE', 'knee (proton density)', 'joint window', 450, 1000),
  'MG/breast_imaging': kind('mg', 'MG', 'BREAST', 'breast (craniocaudal)', 'full-range window', 1700, 3400),
  'US/radiology': kind('us-liver', 'US', 'ABDOMEN', 'abdomen (liver)', 'as acquired', 128, 256),
  'US/cardiology': kind('us-heart', 'US', 'HEART', 'heart (echocardiogram)', 'as acquired', 128, 256),
  'SM/pathology': kind(
    'sm',
    'SM',
    'PROSTATE',
    'prostate biopsy (brightfield, in grey)',
    'as scanned',
    128,
    256,
  ),
};

function kind(
  scene: string,
  modality: string,
  bodyPart: string,
  bodyWords: string,
  name: string,
  center: number,
  width: number,
) {
  return { scene, modality, bodyPart, bodyWords, window: { name, center, width } };
}

export function imagingKind(listing: { id: string; modality: string | null; domain: string }): ImagingKind {
  const found = KINDS[`${listing.modality}/${listing.domain}`];
  if (!found)
    throw new Error(`${listing.id}: no synthetic images for ${listing.modality} in ${listing.domain} yet`);
  return found;
}

/** One slice of the kind's scene in modality units, size × size (ultrasound: its 8-bit frame). */
export function sliceOf(kindOf: ImagingKind, rng: Rng, size: number): Float32Array {
  const ultrasound = { 'us-liver': liverScene, 'us-heart': heartScene }[kindOf.scene];
  if (ultrasound) return Float32Array.from(ultrasoundFrame(ultrasound(rng), size, size));
  const scenes: Record<string, () => Scene> = {
    'ct-nodule': () => chestCt(rng, { lesion: 'nodule' }).scene,
    'ct-angio': () => chestCt(rng, { contrast: true }).scene,
    'ct-nodes': () => chestCt(rng, { lesion: 'nodes' }).scene,
    dx: () => chestRadiograph(rng).scene,
    'mr-brain': () => brainMr(rng),
    'mr-knee': () => kneeMr(rng),
    mg: () => breastMg(rng),
    sm: () => prostateSlide(rng),
  };
  return rasterise(scenes[kindOf.scene]!(), size, size);
}

/** Softened edges (two 3×3 box blurs) and faint noise, as a scanner's image has, for a picture to look at. */
export function soften(values: Float32Array, size: number, kindOf: ImagingKind, rng: Rng): Float32Array {
  let out = values;
  for (let pass = 0; pass < 2; pass++) {
    const next = new Float32Array(out.length);
    for (let row = 0; row < size; row++)
      for (let col = 0; col < size; col++) {
        let sum = 0;
        let n = 0;
        for (let dr = -1; dr <= 1; dr++)
          for (let dc = -1; dc <= 1; dc++) {
            const r = row + dr;
            const c = col + dc;
            if (r >= 0 && r < size && c >= 0 && c < size) ((sum += out[r * size + c]!), n++);
          }
        next[row * size + col] = sum / n;
      }
    out = next;
  }
  const sigma = kindOf.modality === 'US' ? 0 : 0.006 * kindOf.window.width;
  for (let i = 0; i < out.length; i++) out[i] = out[i]! + sigma * gaussian(rng);
  return out;
}

/** The slice as 8-bit grey in the kind's window, ready for a PNG. */
export const windowedSlice = (kindOf: ImagingKind, values: Float32Array) =>
  windowed(values, kindOf.window.center, kindOf.window.width);
