// A chest CT study as the lung-nodule card promises: a thin-slice series, a DICOM SEG of the nodule, and labels.
import { part10, SOP_CLASSES, storedPixels } from './dicom.ts';
import { chestCt } from './phantoms.ts';
import { mask, rasterise } from './raster.ts';
import { pick, uid } from './rng.ts';
import { segmentation } from './seg.ts';
import { base, image, json, type Listing, type SampleFile } from './study-common.ts';

/** A chest CT: a thin-slice series through a nodule, its SEG, and labels (nodule, Lung-RADS, slice thickness). */
export function ctStudy(listing: Listing, index: number): SampleFile[] {
  const b = base(listing, index, 'ST');
  const { scene, lesion } = chestCt(b.rng, { lesion: 'nodule' });
  const thickness = pick(b.rng, [1, 1.25, 2.5]);
  const count = Math.round(16 / thickness);
  const size = 512;
  const fov = 350;
  const spacing = fov / size;
  const frame = { FrameOfReferenceUID: uid(`${b.seed}/frame`), PositionReferenceIndicator: '' };
  const seriesUid = uid(`${b.seed}/ct`);
  const files: SampleFile[] = [];
  const instanceUids: string[] = [];
  const segFrames = [];
  for (let k = 0; k < count; k++) {
    const zMm = (k - (count - 1) / 2) * thickness;
    const z = zMm / (fov / 2);
    const instanceUid = uid(`${b.seed}/ct/${k}`);
    const position = [-fov / 2 + spacing / 2, -fov / 2 + spacing / 2, zMm];
    instanceUids.push(instanceUid);
    const dataset = {
      ...b.common,
      ...frame,
      SOPClassUID: SOP_CLASSES.CT,
      SOPInstanceUID: instanceUid,
      Modality: 'CT',
      SeriesInstanceUID: seriesUid,
      SeriesNumber: 2,
      SeriesDescription: `Chest ${thickness} mm lung kernel`,
      InstanceNumber: k + 1,
      ImageType: ['ORIGINAL', 'PRIMARY', 'AXIAL'],
      KVP: 120,
      SliceThickness: thickness,
      SpacingBetweenSlices: thickness,
      ImagePositionPatient: position,
      ImageOrientationPatient: [1, 0, 0, 0, 1, 0],
      SliceLocation: zMm,
      PixelSpacing: [spacing, spacing],
      ...image(size, size, 16, true),
      RescaleIntercept: -1024,
      RescaleSlope: 1,
      RescaleType: 'HU',
      WindowCenter: [-600, 40],
      WindowWidth: [1500, 400],
      WindowCenterWidthExplanation: ['LUNG', 'MEDIASTINUM'],
      PixelData: storedPixels(rasterise(scene, size, size, z), -1024, true),
      _vrMap: { PixelData: 'OW' },
    };
    files.push({ path: `${b.dir}/ct/IM${String(k + 1).padStart(4, '0')}.dcm`, bytes: part10(dataset) });
    const m = mask(lesion!, size, size, z);
    if (m.some((bit) => bit)) segFrames.push({ mask: m, sourceUid: instanceUid, position, segment: 1 });
  }
  const seg = segmentation({
    common: { ...b.common, ...frame },
    seriesUid: uid(`${b.seed}/seg`),
    instanceUid: uid(`${b.seed}/seg/1`),
    source: { seriesUid, instanceUids },
    rows: size,
    columns: size,
    pixelSpacing: [spacing, spacing],
    sliceThickness: thickness,
    segments: [{ label: 'Nodule 1' }],
    frames: segFrames,
  });
  files.push({ path: `${b.dir}/seg/SEG0001.dcm`, bytes: part10(seg) });
  const diameter = Math.round(((lesion!.a + lesion!.b) / 2) * fov * 10) / 10;
  const solid = lesion!.value > -100;
  const lungRads = solid
    ? diameter < 6
      ? '2'
      : diameter < 8
        ? '3'
        : diameter < 15
          ? '4A'
          : '4B'
    : diameter < 30
      ? '2'
      : '3';
  const labels = {
    study_id: b.id,
    images: files.map((file) => file.path.slice(b.dir.length + 1)),
    modality: ['CT', 'SEG'],
    study_year: b.year,
    age_band: b.ageBand,
    sex: b.sex,
    manufacturer: 'SYNTHETIC',
    nodules: [
      {
        segment_number: 1,
        position: {
          x_mm: Math.round(lesion!.x * (fov / 2) * 10) / 10,
          y_mm: Math.round(lesion!.y * (fov / 2) * 10) / 10,
          z_mm: 0,
        },
        diameter_mm: diameter,
        type: solid ? 'solid' : 'ground glass',
        segmentation: 'seg/SEG0001.dcm',
      },
    ],
    lung_rads: lungRads,
    slice_thickness_mm: thickness,
  };
  return [...files, { path: `${b.dir}/labels.json`, bytes: json(labels) }];
}
