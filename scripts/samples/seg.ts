// A DICOM Segmentation (PS3.3 A.51, binary, one segment per lesion) over a CT series: one bit-packed frame per
// slice the lesion appears on, each frame pointing at its source slice and its position, as viewers expect.
import { code, SOP_CLASSES, type Dataset } from './dicom.ts';

export type SegFrame = { mask: Uint8Array; sourceUid: string; position: number[]; segment: number };

/** 1-bit pixels packed eight to a byte, least significant bit first (PS3.5 8.1.1), frames back to back. */
export function packBits(frames: Uint8Array[]): ArrayBuffer {
  const total = frames.reduce((sum, frame) => sum + frame.length, 0);
  const out = new Uint8Array(Math.ceil(total / 8));
  let i = 0;
  for (const frame of frames) for (const bit of frame) (bit && (out[i >> 3]! |= 1 << (i & 7)), i++);
  return out.buffer;
}

export function segmentation(options: {
  common: Dataset; // patient, study and frame of reference of the source series
  seriesUid: string;
  instanceUid: string;
  source: { seriesUid: string; instanceUids: string[] };
  rows: number;
  columns: number;
  pixelSpacing: [number, number];
  sliceThickness: number;
  segments: { label: string }[];
  frames: SegFrame[];
}): Dataset {
  const dimensions = `${options.instanceUid}.1`;
  return {
    ...options.common,
    SOPClassUID: SOP_CLASSES.SEG,
    SOPInstanceUID: options.instanceUid,
    Modality: 'SEG',
    SeriesInstanceUID: options.seriesUid,
    SeriesNumber: 100,
    SeriesDescription: 'Nodule segmentation',
    InstanceNumber: 1,
    ImageType: ['DERIVED', 'PRIMARY'],
    ContentLabel: 'NODULES',
    ContentDescription: 'Lung nodules, adjudicated',
    ContentCreatorName: 'SYNTHETIC^READER',
    ContentDate: options.common.StudyDate,
    ContentTime: '',
    SegmentationType: 'BINARY',
    SamplesPerPixel: 1,
    PhotometricInterpretation: 'MONOCHROME2',
    Rows: options.rows,
    Columns: options.columns,
    NumberOfFrames: options.frames.length,
    BitsAllocated: 1,
    BitsStored: 1,
    HighBit: 0,
    PixelRepresentation: 0,
    LossyImageCompression: '00',
    ReferencedSeriesSequence: [
      {
        SeriesInstanceUID: options.source.seriesUid,
        ReferencedInstanceSequence: options.source.instanceUids.map((uid) => ({
          ReferencedSOPClassUID: SOP_CLASSES.CT,
          ReferencedSOPInstanceUID: uid,
        })),
      },
    ],
    DimensionOrganizationSequence: [{ DimensionOrganizationUID: dimensions }],
    DimensionIndexSequence: [
      {
        DimensionOrganizationUID: dimensions,
        DimensionIndexPointer: 0x0062000b, // Referenced Segment Number
        FunctionalGroupPointer: 0x0062000a, // Segment Identification Sequence
        DimensionDescriptionLabel: 'ReferencedSegmentNumber',
      },
      {
        DimensionOrganizationUID: dimensions,
        DimensionIndexPointer: 0x00200032, // Image Position (Patient)
        FunctionalGroupPointer: 0x00209113, // Plane Position Sequence
        DimensionDescriptionLabel: 'ImagePositionPatient',
      },
    ],
    SegmentSequence: options.segments.map((segment, i) => ({
      SegmentNumber: i + 1,
      SegmentLabel: segment.label,
      SegmentAlgorithmType: 'MANUAL',
      SegmentedPropertyCategoryCodeSequence: [code('49755003', 'SCT', 'Morphologically abnormal structure')],
      SegmentedPropertyTypeCodeSequence: [code('27925004', 'SCT', 'Nodule')],
      RecommendedDisplayCIELabValue: [43803, 26565, 37722],
    })),
    SharedFunctionalGroupsSequence: [
      {
        PixelMeasuresSequence: [
          {
            PixelSpacing: options.pixelSpacing,
            SliceThickness: options.sliceThickness,
            SpacingBetweenSlices: options.sliceThickness,
          },
        ],
        PlaneOrientationSequence: [{ ImageOrientationPatient: [1, 0, 0, 0, 1, 0] }],
      },
    ],
    PerFrameFunctionalGroupsSequence: options.frames.map((frame, i) => ({
      DerivationImageSequence: [
        {
          SourceImageSequence: [
            {
              ReferencedSOPClassUID: SOP_CLASSES.CT,
              ReferencedSOPInstanceUID: frame.sourceUid,
              PurposeOfReferenceCodeSequence: [
                code('121322', 'DCM', 'Source image for image processing operation'),
              ],
            },
          ],
          DerivationCodeSequence: [code('113076', 'DCM', 'Segmentation')],
        },
      ],
      FrameContentSequence: [{ DimensionIndexValues: [frame.segment, i + 1] }],
      PlanePositionSequence: [{ ImagePositionPatient: frame.position }],
      SegmentIdentificationSequence: [{ ReferencedSegmentNumber: frame.segment }],
    })),
    PixelData: packBits(options.frames.map((frame) => frame.mask)),
    _vrMap: { PixelData: 'OB' },
  };
}
