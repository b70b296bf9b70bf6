// The public preview of a listing, from content/previews/ (written by `npm run samples`, synthetic and public by
// design): an audio listing's short clip (<id>.wav) with its turns' times, or an imaging listing's 512 px slice
// (<id>.png) with what it shows. Each comes with <id>.json, which says which.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentDir } from './content-dir.ts';

export type PreviewTurn = { speaker: string; start: number; end: number; text: string };
export type AudioPreview = { kind: 'audio'; seconds: number; turns: PreviewTurn[] };
export type ImagingPreview = {
  kind: 'imaging';
  width: number;
  height: number;
  modality: string;
  body_part: string;
  body_words: string;
  window: { name: string; center: number; width: number };
};

export const previewPath = (id: string, extension: 'wav' | 'png' | 'json') =>
  join(contentDir, 'previews', `${id}.${extension}`);

/** What the listing's preview is, or undefined when it has none. */
export function previewOf(id: string): AudioPreview | ImagingPreview | undefined {
  const path = previewPath(id, 'json');
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as AudioPreview | ImagingPreview;
}

export const hasPreview = (id: string, kind: 'audio' | 'imaging') => previewOf(id)?.kind === kind;

/** 75.4 → "1:15", as a player shows time. */
export const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** A window as a radiologist writes it: "W 1500, L −600" (a true minus sign; no break inside a value). */
export const windowText = (window: { center: number; width: number }) =>
  `W\u00a0${window.width}, L\u00a0${String(window.center).replace('-', '−')}`;
