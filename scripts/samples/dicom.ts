// DICOM Part 10 files written with dcmjs (the DICOM library OHIF's viewer and its SEG tools are built on), from
// "naturalised" datasets: keyword → value. De-identified as the imaging data cards say a delivery is: the
// patient is a pseudonym, dates are shifted with the year kept, no private tags, no burned-in text.
import dcmjs from 'dcmjs';

export type Dataset = Record<string, unknown>;

const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
const IMPLEMENTATION_UID = '2.25.245393474290766356209219346375358914312';

export const SOP_CLASSES = {
  CT: '1.2.840.10008.5.1.4.1.1.2',
  DX: '1.2.840.10008.5.1.4.1.1.1.1', // Digital X-Ray Image, for presentation
  CR: '1.2.840.10008.5.1.4.1.1.1',
  US: '1.2.840.10008.5.1.4.1.1.6.1',
  US_MULTIFRAME: '1.2.840.10008.5.1.4.1.1.3.1',
  SEG: '1.2.840.10008.5.1.4.1.1.66.4',
} as const;

export const code = (value: string, scheme: string, meaning: string) => ({
  CodeValue: value,
  CodingSchemeDesignator: scheme,
  CodeMeaning: meaning,
});

/** The patient and study module of a synthetic, de-identified study (PS3.15 E.1, with the dates option). */
export function patientAndStudy(study: {
  patientId: string;
  sex: 'F' | 'M';
  studyUid: string;
  studyDate: string;
  bodyPart: string;
}): Dataset {
  return {
    PatientName: `SYNTHETIC^${study.patientId}`,
    PatientID: study.patientId,
    PatientBirthDate: '',
    PatientSex: study.sex,
    PatientIdentityRemoved: 'YES',
    DeidentificationMethod:
      'Synthetic study; PS3.15 basic profile, dates shifted per patient with the year kept',
    DeidentificationMethodCodeSequence: [
      code('113100', 'DCM', 'Basic Application Confidentiality Profile'),
      code('113107', 'DCM', 'Retain Longitudinal Temporal Information Modified Dates Option'),
    ],
    StudyInstanceUID: study.studyUid,
    StudyDate: study.studyDate,
    StudyTime: '',
    StudyID: '1',
    AccessionNumber: '',
    ReferringPhysicianName: '',
    BodyPartExamined: study.bodyPart,
    Manufacturer: 'SYNTHETIC',
    ManufacturerModelName: 'DSS phantom',
    BurnedInAnnotation: 'NO',
  };
}

/** A naturalised dataset as a Part 10 file: preamble, DICM, file meta, then the dataset in explicit VR LE. */
export function part10(dataset: Dataset): Buffer {
  const meta = {
    FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
    MediaStorageSOPClassUID: dataset.SOPClassUID,
    MediaStorageSOPInstanceUID: dataset.SOPInstanceUID,
    TransferSyntaxUID: EXPLICIT_VR_LITTLE_ENDIAN,
    ImplementationClassUID: IMPLEMENTATION_UID,
    ImplementationVersionName: 'DSS-SAMPLES-1',
  };
  const { DicomDict, DicomMetaDictionary } = dcmjs.data;
  const dict = new DicomDict(DicomMetaDictionary.denaturalizeDataset(meta));
  dict.dict = DicomMetaDictionary.denaturalizeDataset(dataset);
  return Buffer.from(dict.write());
}

/** Values in modality units as stored pixels: (value − intercept) / slope, rounded, 16 bits. */
export function storedPixels(values: Float32Array, intercept: number, signed: boolean): ArrayBuffer {
  const out = signed ? new Int16Array(values.length) : new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = Math.round(values[i]! - intercept);
  return out.buffer;
}
