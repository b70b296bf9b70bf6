// Synthetic calls as the audio data cards say a delivery is: a WAV in the card's rate and channels (one party per
// channel, each with its own voice), its transcript as JSON Lines (a turn a line, with times), and its labels.
import type { SampleFile } from './imaging-studies.ts';
import { between, opaqueId, pick, seeded, type Rng } from './rng.ts';
import { sayTurn, type Redaction } from './speech.ts';
import { piecesOf } from './voices.ts';
import { encodeWav, type WavFormat } from './wav.ts';
import { CALL_SCRIPTS, type Line } from './call-scripts.ts';

type Listing = {
  id: string;
  years_covered: string;
  data_card: { formats: string[]; fields: { name: string }[] };
};
export type Turn = {
  turn: number;
  speaker: string;
  channel: number;
  start: number;
  end: number;
  language: string;
  text: string;
};

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The WAV format and the two parties' roles the card states: "WAV, 16-bit PCM, 8 kHz, two channels (agent and customer)". */
export function cardAudioFormat(listing: Listing): WavFormat & { roles: [string, string] } {
  const text = listing.data_card.formats.join('\n');
  const wav = /WAV, 16-bit PCM, ([\d.]+) kHz, (\w+) channels? \((\w+) and (\w+)\)/i.exec(text);
  if (!wav)
    throw new Error(
      `${listing.id}: data_card.formats must name the WAV format, e.g. "WAV, 16-bit PCM, 8 kHz, two channels (agent and customer)"`,
    );
  return {
    rate: Number(wav[1]) * 1000,
    channels: /two|stereo/i.test(wav[2]!) ? 2 : 1,
    roles: [wav[3]!, wav[4]!],
  };
}

/** Two voices unlike each other: a higher one for the first role, a lower one for the second. */
function voices(rng: Rng) {
  return [
    {
      variant: pick(rng, ['f2', 'f3', 'f4']),
      speed: Math.round(between(rng, 165, 180)),
      pitch: Math.round(between(rng, 55, 70)),
    },
    {
      variant: pick(rng, ['m2', 'm3', 'm7']),
      speed: Math.round(between(rng, 155, 175)),
      pitch: Math.round(between(rng, 30, 45)),
    },
  ] as const;
}

/** Says the lines one after another, each on its party's channel (or all on one), with pauses between turns. */
export function assemble(
  lines: Line[],
  format: WavFormat,
  rng: Rng,
  options: {
    roles: [string, string];
    languages: string[];
    latinFallback: string;
    han: string;
  },
) {
  const voice = voices(rng);
  const said: { line: Line; pcm: Int16Array; redactions: Redaction[] }[] = [];
  let clock = 0.4;
  const turns: Turn[] = [];
  const redactions: (Redaction & { turn: number })[] = [];
  for (const [i, line] of lines.entries()) {
    const language = line.language === 'latin' ? options.latinFallback : line.language;
    const pieces = piecesOf(line.text, { latin: language, han: options.han }, voice[line.role]);
    const { pcm, redactions: spans } = sayTurn(pieces, format.rate);
    const end = clock + pcm.length / format.rate;
    said.push({ line, pcm, redactions: spans });
    const tag = options.languages.find((code) => code.split('-')[0] === language) ?? language;
    turns.push({
      turn: i + 1,
      speaker: options.roles[line.role],
      channel: format.channels === 2 ? line.role : 0,
      start: round(clock),
      end: round(end),
      language: tag,
      text: line.text,
    });
    for (const span of spans)
      redactions.push({
        turn: i + 1,
        start: round(clock + span.start),
        end: round(clock + span.end),
        category: span.category,
      });
    clock = end + between(rng, 0.3, 0.6);
  }
  const frames = Math.round((turns.at(-1)!.end + 0.4) * format.rate);
  const pcm = new Int16Array(frames * format.channels);
  for (const [i, { pcm: speech }] of said.entries()) {
    const first = Math.round(turns[i]!.start * format.rate);
    const channel = turns[i]!.channel;
    for (let k = 0; k < speech.length && first + k < frames; k++) {
      const at = (first + k) * format.channels + channel;
      pcm[at] = Math.max(-32768, Math.min(32767, pcm[at]! + speech[k]!));
    }
  }
  return { pcm, wav: encodeWav(pcm, format), turns, redactions, seconds: round(frames / format.rate) };
}

/** The listing's sample calls: a WAV, a transcript and labels for each of its scripts. */
export function sampleCalls(listing: Listing): SampleFile[] {
  const scripts = CALL_SCRIPTS[listing.id];
  if (!scripts) throw new Error(`${listing.id}: no call scripts yet (scripts/samples/call-scripts.ts)`);
  const format = cardAudioFormat(listing);
  const idField = listing.data_card.fields.find((field) => field.name.endsWith('_id'))!.name;
  const [from, to = from] = (listing.years_covered.match(/\d{4}/g) ?? ['2020']).map(Number) as [
    number,
    number?,
  ];
  return scripts.flatMap((script, index) => {
    const seed = `${listing.id}/call/${index + 1}`;
    const rng = seeded(seed);
    const id = opaqueId('C', seed);
    const call = assemble(script.lines, format, rng, {
      roles: format.roles,
      languages: script.languages,
      latinFallback: 'en',
      han: 'zh',
    });
    const transcript = call.turns.map((turn) => JSON.stringify({ [idField]: id, ...turn })).join('\n');
    const labels = {
      [idField]: id,
      audio: `calls/${id}.wav`,
      duration_s: call.seconds,
      recorded_year: Math.round(between(rng, from, to!)),
      languages: script.languages,
      transcript: `transcripts/${id}.jsonl`,
      redactions: call.redactions,
      ...script.labels,
    };
    return [
      { path: `calls/${id}.wav`, bytes: call.wav },
      { path: `transcripts/${id}.jsonl`, bytes: Buffer.from(`${transcript}\n`) },
      { path: `labels/${id}.json`, bytes: Buffer.from(`${JSON.stringify(labels, null, 2)}\n`) },
    ];
  });
}
