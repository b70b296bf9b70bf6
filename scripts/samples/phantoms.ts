// Synthetic anatomy for each kind of imaging listing, as ellipsoid scenes in the modality's own units (Hounsfield
// units for CT, 12-bit detector values for radiographs and mammograms, arbitrary signal for MR). Cartoons of the
// anatomy, never anyone's scan.
import type { Scene, Shape } from './raster.ts';
import { between, type Rng } from './rng.ts';

const jitter = (rng: Rng, size = 0.03) => between(rng, -size, size);

/** An axial chest CT at the level of the heart. A lesion (nodule or lymph node) is an ellipsoid across slices. */
export function chestCt(
  rng: Rng,
  options: { contrast?: boolean; lesion?: 'nodule' | 'nodes' } = {},
): { scene: Scene; lesion?: Shape } {
  const blood = options.contrast ? 320 : 40;
  const ribs: Shape[] = Array.from({ length: 10 }, (_, i) => {
    const angle = Math.PI * (0.15 + (0.7 * (i % 5)) / 4) * (i < 5 ? 1 : -1) - Math.PI / 2;
    return { x: 0.86 * Math.cos(angle), y: 0.62 * Math.sin(angle) + 0.02, a: 0.035, b: 0.025, value: 650 };
  });
  const side = rng() < 0.5 ? -1 : 1;
  const nodule: Shape = {
    x: side * between(rng, 0.3, 0.5),
    y: between(rng, -0.3, 0.05),
    a: between(rng, 0.025, 0.045),
    b: between(rng, 0.025, 0.045),
    z: 0,
    c: 0.035, // z is in the same units as x and y: the nodule is about as deep as it is wide
    value: rng() < 0.7 ? 30 : -450, // solid, or ground glass
  };
  const node: Shape = { x: -0.12 + jitter(rng), y: -0.22, a: 0.07, b: 0.05, z: 0, c: 0.3, value: 45 };
  const lesion = options.lesion === 'nodule' ? nodule : options.lesion === 'nodes' ? node : undefined;
  // Vessels: small soft-tissue tubes through both lungs, the texture a lung window shows.
  const vessels: Shape[] = Array.from({ length: 40 }, (_, i) => {
    const angle = between(rng, 0, 2 * Math.PI);
    const r = Math.sqrt(rng());
    const a = between(rng, 0.004, 0.012);
    return {
      x: (i % 2 ? 0.42 : -0.42) + 0.26 * r * Math.cos(angle),
      y: -0.04 + 0.4 * r * Math.sin(angle),
      a,
      b: a,
      value: 30,
    };
  });
  const shapes: Shape[] = [
    { x: 0, y: 0.02, a: 0.92 + jitter(rng), b: 0.68, value: -100 }, // subcutaneous fat
    { x: 0, y: 0.02, a: 0.87, b: 0.63, value: 40 }, // chest wall
    ...ribs,
    { x: -0.42 + jitter(rng), y: -0.04, a: 0.3, b: 0.46, angle: 8, value: -860 },
    { x: 0.42 + jitter(rng), y: -0.04, a: 0.3, b: 0.46, angle: -8, value: -860 },
    ...vessels,
    { x: 0.02, y: -0.38, a: 0.04, b: 0.035, value: -1000 }, // trachea
    { x: 0.05 + jitter(rng), y: -0.06, a: 0.24, b: 0.2, angle: 20, value: 45 }, // heart
    ...(options.contrast
      ? [{ x: 0.08, y: -0.06, a: 0.13, b: 0.1, angle: 20, value: blood } satisfies Shape]
      : []),
    { x: -0.02, y: 0.2, a: 0.07, b: 0.07, value: blood }, // descending aorta
    { x: -0.1, y: -0.28, a: 0.06, b: 0.06, value: blood }, // ascending aorta
    { x: 0, y: 0.46, a: 0.11, b: 0.1, value: 700 }, // vertebral body
    { x: 0, y: 0.58, a: 0.035, b: 0.03, value: 20 }, // spinal canal
    ...(lesion ? [lesion] : []),
  ];
  return { scene: { background: -1000, shapes }, ...(lesion ? { lesion } : {}) };
}

/** A frontal chest radiograph: bright where the beam is absorbed (MONOCHROME2), 12-bit values. */
export function chestRadiograph(rng: Rng): { scene: Scene; lesion: Shape } {
  const side = rng() < 0.5 ? -1 : 1;
  const lesion: Shape = {
    x: side * between(rng, 0.3, 0.45),
    y: between(rng, -0.3, 0.2),
    a: 0.05,
    b: 0.045,
    value: 1700,
  };
  const ribs: Shape[] = [-1, 1].flatMap((s) =>
    Array.from({ length: 6 }, (_, i) => ({
      x: s * 0.36,
      y: -0.52 + i * 0.16,
      a: 0.34,
      b: 0.025,
      angle: s * 14,
      value: 1350,
    })),
  );
  const shapes: Shape[] = [
    { x: 0, y: 0.1, a: 0.86 + jitter(rng), b: 1.05, value: 2300 }, // soft tissue
    { x: -0.4 + jitter(rng), y: -0.08, a: 0.3, b: 0.62, angle: 6, value: 1100 },
    { x: 0.4 + jitter(rng), y: -0.08, a: 0.3, b: 0.62, angle: -6, value: 1100 },
    ...ribs,
    { x: 0.1 + jitter(rng), y: 0.28, a: 0.28, b: 0.24, angle: 15, value: 2450 }, // heart
    { x: 0, y: 0, a: 0.06, b: 0.85, value: 2700 }, // spine
    { x: -0.3, y: -0.66, a: 0.3, b: 0.035, angle: -10, value: 2800 }, // clavicles
    { x: 0.3, y: -0.66, a: 0.3, b: 0.035, angle: 10, value: 2800 },
    lesion,
  ];
  return { scene: { background: 150, shapes }, lesion };
}

/** An axial T1 brain MR after contrast with an enhancing mass (a ring around a dark core). */
export function brainMr(rng: Rng): Scene {
  const x = between(rng, -0.3, 0.3);
  const y = between(rng, -0.4, 0.1);
  return {
    background: 0,
    shapes: [
      { x: 0, y: 0, a: 0.72, b: 0.93, value: 620 }, // scalp
      { x: 0, y: -0.01, a: 0.68, b: 0.89, value: 60 }, // skull
      { x: 0, y: -0.01, a: 0.64, b: 0.85, value: 420 }, // grey matter
      { x: 0, y: 0, a: 0.52, b: 0.7, value: 560 }, // white matter
      { x: -0.12, y: 0, a: 0.07, b: 0.26, angle: 12, value: 120 }, // ventricles
      { x: 0.12, y: 0, a: 0.07, b: 0.26, angle: -12, value: 120 },
      { x, y, a: 0.17, b: 0.15, value: 900 }, // enhancing rim
      { x, y, a: 0.12, b: 0.1, value: 200 }, // necrotic core
    ],
  };
}

/** An axial knee MR (proton density): bright fat and marrow, dark cortex, fluid in the joint. */
export function kneeMr(rng: Rng): Scene {
  return {
    background: 0,
    shapes: [
      { x: 0, y: 0, a: 0.8, b: 0.7, value: 780 }, // subcutaneous fat
      { x: 0, y: 0.02, a: 0.72, b: 0.62, value: 330 }, // muscle
      { x: -0.24, y: 0.05, a: 0.3, b: 0.32, value: 80 }, // condyles' cortex
      { x: 0.24, y: 0.05, a: 0.3, b: 0.32, value: 80 },
      { x: -0.24, y: 0.05, a: 0.27, b: 0.29, value: 700 },
      { x: 0.24, y: 0.05, a: 0.27, b: 0.29, value: 700 },
      { x: 0, y: -0.42, a: 0.22, b: 0.1, value: 80 }, // patella
      { x: 0, y: -0.42, a: 0.19, b: 0.08, value: 690 },
      { x: 0, y: -0.3, a: 0.28, b: 0.03, value: 950 + jitter(rng, 40) }, // effusion
    ],
  };
}

/** A craniocaudal mammogram: breast against the left edge, fibroglandular tissue, a spiculated-looking mass. */
export function breastMg(rng: Rng): Scene {
  const glands: Shape[] = Array.from({ length: 14 }, () => ({
    x: between(rng, -0.95, -0.1),
    y: between(rng, -0.5, 0.5),
    a: between(rng, 0.06, 0.18),
    b: between(rng, 0.03, 0.08),
    angle: between(rng, -40, 40),
    value: 2500,
  }));
  return {
    background: 80,
    shapes: [
      { x: -1, y: 0, a: 1.2, b: 0.95, value: 1300 }, // fatty breast
      ...glands,
      { x: between(rng, -0.6, -0.3), y: between(rng, -0.3, 0.3), a: 0.06, b: 0.06, value: 3300 },
      { x: 0.16, y: 0, a: 0.02, b: 0.02, value: 2000 }, // nipple
    ],
  };
}

/** A whole-slide image of prostate biopsy cores in grey (brightfield luminance): glands in stroma on glass. */
export function prostateSlide(rng: Rng): Scene {
  const cores: Shape[] = [-0.45, 0, 0.45].map((y) => ({
    x: 0,
    y,
    a: 0.9,
    b: 0.09,
    angle: jitter(rng, 3),
    value: 150,
  }));
  const glands: Shape[] = Array.from({ length: 36 }, (_, i) => ({
    x: between(rng, -0.8, 0.8),
    y: [-0.45, 0, 0.45][i % 3]! + jitter(rng, 0.05),
    a: between(rng, 0.02, 0.04),
    b: between(rng, 0.015, 0.03),
    value: 220,
  }));
  return { background: 240, shapes: [...cores, ...glands] };
}
