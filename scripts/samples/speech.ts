// Speech for the synthetic calls: Debian's espeak-ng says each stretch of text, sox trims its silences and
// resamples it to the call's rate. Redaction tags ([NAME]) are said as silence: the span is removed from the audio.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** An espeak-ng voice (e.g. "en-us") with a variant ("f2", "m3") and a speed in words a minute. */
export type Voice = { name: string; variant: string; speed: number; pitch: number };
export type Redaction = { start: number; end: number; category: string };

const TAG = /\[([A-Z_]+)\]/g;
const TAG_SECONDS = 0.55;

function run(command: string, args: string[]): Buffer {
  const result = spawnSync(command, args, { maxBuffer: 1 << 28 });
  if (result.error)
    throw new Error(
      `${command} is needed for \`npm run samples\` (apt-get install -y espeak-ng sox): ${result.error.message}`,
    );
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** One stretch of text as mono 16-bit samples at `rate`, without leading or trailing silence. */
export function say(text: string, voice: Voice, rate: number): Int16Array {
  const dir = mkdtempSync(join(tmpdir(), 'dss-speech-'));
  try {
    const wav = join(dir, 'said.wav');
    run('espeak-ng', [
      '-v',
      `${voice.name}+${voice.variant}`,
      '-s',
      String(voice.speed),
      '-p',
      String(voice.pitch),
      '-w',
      wav,
      '--',
      text,
    ]);
    // Trim silence at both ends (the reverse trick from sox's manual), then resample to the call's rate.
    const raw = run('sox', [
      '-D',
      wav,
      '-t',
      'raw',
      '-e',
      'signed',
      '-b',
      '16',
      '-c',
      '1',
      '-r',
      String(rate),
      '-',
      'silence',
      '1',
      '0.02',
      '0.5%',
      'reverse',
      'silence',
      '1',
      '0.02',
      '0.5%',
      'reverse',
      'gain',
      '-n',
      '-3',
    ]);
    return new Int16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type Piece = { text: string; voice: Voice };

/** A turn said piece by piece (a piece per language), tags as silence; redactions in seconds from its start. */
export function sayTurn(pieces: Piece[], rate: number): { pcm: Int16Array; redactions: Redaction[] } {
  const chunks: Int16Array[] = [];
  const redactions: Redaction[] = [];
  let length = 0;
  const pause = (seconds: number) => {
    chunks.push(new Int16Array(Math.round(seconds * rate)));
    length += Math.round(seconds * rate);
  };
  for (const piece of pieces) {
    let at = 0;
    for (const match of [...piece.text.matchAll(TAG), null]) {
      const said = piece.text.slice(at, match?.index ?? piece.text.length).trim();
      if (/[\p{L}\p{N}]/u.test(said)) {
        if (length > 0) pause(0.08);
        const pcm = say(said, piece.voice, rate);
        chunks.push(pcm);
        length += pcm.length;
      }
      if (!match) break;
      if (length > 0) pause(0.08);
      redactions.push({ start: length / rate, end: length / rate + TAG_SECONDS, category: match[1]! });
      pause(TAG_SECONDS);
      at = match.index + match[0].length;
    }
  }
  const pcm = new Int16Array(length);
  let offset = 0;
  for (const chunk of chunks) (pcm.set(chunk, offset), (offset += chunk.length));
  return { pcm, redactions };
}
