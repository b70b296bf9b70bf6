// An imaging sample opened as a lab opens it: every DICOM file parsed by a second library (dicom-parser, not the
// dcmjs that wrote it) and held to the data card: the modalities it names, a SEG where it promises one, a valid
// series per study, de-identified headers, and labels with the card's fields that agree with the headers.
import dicomParser, { type DataSet } from 'dicom-parser';
import { beforeAll, expect, test } from 'vitest';
import { cardFieldNames, json, openSamples, type OpenedSample } from '../support/sample-zip.ts';

const SOP_CLASS: Record<string, string[]> = {
  CT: ['1.2.840.10008.5.1.4.1.1.2'],
  DX: ['1.2.840.10008.5.1.4.1.1.1.1'],
  CR: ['1.2.840.10008.5.1.4.1.1.1'],
  US: ['1.2.840.10008.5.1.4.1.1.6.1', '1.2.840.10008.5.1.4.1.1.3.1'],
  SEG: ['1.2.840.10008.5.1.4.1.1.66.4'],
};

type Instance = { path: string; ds: DataSet };
let samples: (OpenedSample & { instances: Instance[] })[];
beforeAll(async () => {
  samples = (await openSamples())
    .filter((sample) => sample.listing.vertical === 'medical_imaging')
    .map((sample) => ({
      ...sample,
      instances: [...sample.entries]
        .filter(([path]) => path.endsWith('.dcm'))
        .map(([path, bytes]) => {
          expect(bytes.toString('latin1', 128, 132), path).toBe('DICM'); // Part 10: preamble, then DICM
          return { path, ds: dicomParser.parseDicom(new Uint8Array(bytes)) };
        }),
    }));
  expect(samples.length).toBeGreaterThanOrEqual(3);
});

const text = (ds: DataSet, tag: string) => ds.string(tag) ?? '';
const items = (ds: DataSet, tag: string) => (ds.elements[tag]?.items ?? []).map((item) => item.dataSet!);

test('3 to 5 studies a sample, every instance a modality the card names (SEG where it promises DICOM SEG)', () => {
  for (const { listing, instances } of samples) {
    const allowed = listing.modality!.split(',').map((code) => code.trim());
    if (listing.data_card.formats.some((format) => /DICOM SEG/.test(format))) allowed.push('SEG');
    const studies = new Set(instances.map(({ ds }) => text(ds, 'x0020000d')));
    expect(studies.size, listing.id).toBeGreaterThanOrEqual(3);
    expect(studies.size, listing.id).toBeLessThanOrEqual(5);
    const modalities = new Set(instances.map(({ ds }) => text(ds, 'x00080060')));
    expect(
      [...modalities].filter((m) => !allowed.includes(m)),
      listing.id,
    ).toEqual([]);
    if (allowed.includes('SEG')) expect(modalities, listing.id).toContain('SEG');
    for (const { path, ds } of instances) {
      expect(SOP_CLASS[text(ds, 'x00080060')], path).toContain(text(ds, 'x00080016'));
      expect(text(ds, 'x00020010'), path).toBe('1.2.840.10008.1.2.1'); // explicit VR little endian
      expect(text(ds, 'x00180015') || text(ds, 'x00080060'), path).not.toBe(''); // body part (or modality) named
    }
  }
});

test('pixel data is as long as rows × columns × frames × bits say', () => {
  for (const { instances } of samples)
    for (const { path, ds } of instances) {
      const frames = Number(ds.intString('x00280008') ?? 1);
      const bits = ds.uint16('x00280100')!;
      const pixels = ds.uint16('x00280010')! * ds.uint16('x00280011')! * frames;
      expect(ds.elements.x7fe00010!.length, path).toBe(
        bits === 1 ? Math.ceil(pixels / 8) + (Math.ceil(pixels / 8) % 2) : (pixels * bits) / 8,
      );
    }
});

test('headers are de-identified: identity removed, the basic profile coded, no birth date, no private tags', () => {
  for (const { instances } of samples)
    for (const { path, ds } of instances) {
      expect(text(ds, 'x00120062'), path).toBe('YES');
      expect(
        items(ds, 'x00120064').map((code) => text(code, 'x00080100')),
        path,
      ).toContain('113100');
      expect(text(ds, 'x00100030'), path).toBe('');
      expect(text(ds, 'x00080080'), path).toBe(''); // no institution
      const privateTags = Object.keys(ds.elements).filter((tag) => parseInt(tag.slice(1, 5), 16) % 2 === 1);
      expect(privateTags, path).toEqual([]);
    }
});

test('each series is valid: one study, unique instances, CT slices spaced by their slice thickness', () => {
  for (const { instances } of samples) {
    const series = Map.groupBy(instances, ({ ds }) => text(ds, 'x0020000e'));
    for (const [uid, members] of series) {
      expect(new Set(members.map(({ ds }) => text(ds, 'x0020000d'))).size, uid).toBe(1);
      expect(new Set(members.map(({ ds }) => text(ds, 'x00080018'))).size, uid).toBe(members.length);
      if (text(members[0]!.ds, 'x00080060') !== 'CT') continue;
      const z = members.map(({ ds }) => ds.floatString('x00200032', 2)!).sort((a, b) => a - b);
      const thickness = members[0]!.ds.floatString('x00180050')!;
      for (let i = 1; i < z.length; i++) expect(z[i]! - z[i - 1]!).toBeCloseTo(thickness, 3);
    }
  }
});

test('a SEG points at slices of its own study, frame by frame, and marks the lesion on each', () => {
  for (const { listing, instances, entries } of samples) {
    for (const seg of instances.filter(({ ds }) => text(ds, 'x00080060') === 'SEG')) {
      const study = text(seg.ds, 'x0020000d');
      const slices = new Set(
        instances
          .filter(({ ds }) => text(ds, 'x0020000d') === study && text(ds, 'x00080060') !== 'SEG')
          .map(({ ds }) => text(ds, 'x00080018')),
      );
      const frames = items(seg.ds, 'x52009230');
      expect(frames.length, listing.id).toBe(Number(seg.ds.intString('x00280008')));
      expect(items(seg.ds, 'x00620002').length).toBeGreaterThan(0); // segments described
      for (const frame of frames) {
        const source = items(items(frame, 'x00089124')[0]!, 'x00082112')[0]!;
        expect(slices).toContain(text(source, 'x00081155'));
      }
      const bits = entries.get(seg.path)!.subarray(seg.ds.elements.x7fe00010!.dataOffset);
      const perFrame = (seg.ds.uint16('x00280010')! * seg.ds.uint16('x00280011')!) / 8;
      for (let f = 0; f < frames.length; f++)
        expect(
          bits.subarray(f * perFrame, (f + 1) * perFrame).some((byte) => byte !== 0),
          `frame ${f}`,
        ).toBe(true);
    }
  }
});

test('each study has labels as JSON with exactly the card’s fields, agreeing with its DICOM headers', () => {
  for (const { listing, instances, entries } of samples) {
    const labelPaths = [...entries.keys()].filter((path) => path.endsWith('labels.json'));
    expect(labelPaths.length, listing.id).toBe(
      new Set(instances.map(({ ds }) => text(ds, 'x0020000d'))).size,
    );
    const [from, to] = (listing.years_covered.match(/\d{4}/g) ?? []).map(Number);
    for (const path of labelPaths) {
      const labels = json(entries, path);
      expect(Object.keys(labels).sort(), path).toEqual(cardFieldNames(listing));
      const dir = path.slice(0, -'labels.json'.length);
      const listed = [labels.images ?? labels.image].flat() as string[];
      for (const file of listed) expect(entries.has(dir + file), `${path}: ${file}`).toBe(true);
      const { ds } = instances.find((instance) => instance.path.startsWith(dir))!;
      expect(labels.sex, path).toBe(text(ds, 'x00100040'));
      expect(labels.study_year, path).toBe(Number(text(ds, 'x00080020').slice(0, 4)));
      expect(labels.study_year as number).toBeGreaterThanOrEqual(from!);
      expect(labels.study_year as number).toBeLessThanOrEqual(to ?? from!);
      if ('manufacturer' in labels) expect(labels.manufacturer, path).toBe(text(ds, 'x00080070'));
      if ('slice_thickness_mm' in labels)
        expect(labels.slice_thickness_mm, path).toBe(ds.floatString('x00180050'));
      if ('view' in labels) expect(labels.view, path).toBe(text(ds, 'x00185101'));
    }
  }
});
