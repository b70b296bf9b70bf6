// An audio sample opened as a lab opens it: every WAV decoded by a second library (wavefile) and held to the data
// card's format; each transcript turn is heard on its party's channel at the times the transcript gives, the other
// channel quiet; a redacted span is silent; the labels carry the card's fields.
import { beforeAll, expect, test } from 'vitest';
import { WaveFile } from 'wavefile';
import { cardFieldNames, json, openSamples, type OpenedSample } from '../support/sample-zip.ts';

type Turn = { turn: number; speaker: string; channel: number; start: number; end: number; text: string };
type Call = {
  id: string;
  rate: number;
  channels: Float64Array[];
  turns: Turn[];
  labels: Record<string, unknown>;
};
let samples: (OpenedSample & {
  calls: Call[];
  format: { rate: number; channels: number; bits: number; roles: string[] };
})[];

beforeAll(async () => {
  samples = (await openSamples())
    .filter((sample) => sample.listing.vertical === 'conversational_audio')
    .map((sample) => {
      const stated = /WAV, (\d+)-bit PCM, ([\d.]+) kHz, (\w+) channels? \((\w+) and (\w+)\)/.exec(
        sample.listing.data_card.formats.join('\n'),
      )!;
      const format = {
        bits: Number(stated[1]),
        rate: Number(stated[2]) * 1000,
        channels: { mono: 1, one: 1, two: 2, stereo: 2 }[stated[3]!]!,
        roles: [stated[4]!, stated[5]!],
      };
      const calls = [...sample.entries.keys()]
        .filter((path) => path.endsWith('.wav'))
        .map((path) => {
          const id = path.slice(path.lastIndexOf('/') + 1, -4);
          const wav = new WaveFile(sample.entries.get(path)!);
          const fmt = wav.fmt as {
            sampleRate: number;
            numChannels: number;
            bitsPerSample: number;
            audioFormat: number;
          };
          expect(
            {
              rate: fmt.sampleRate,
              channels: fmt.numChannels,
              bits: fmt.bitsPerSample,
              pcm: fmt.audioFormat,
            },
            path,
          ).toEqual({
            rate: format.rate,
            channels: format.channels,
            bits: format.bits,
            pcm: 1,
          });
          const decoded = wav.getSamples(false, Float64Array) as unknown as Float64Array[] | Float64Array;
          const channels = fmt.numChannels === 1 ? [decoded as Float64Array] : (decoded as Float64Array[]);
          const transcript = sample.entries
            .get(`transcripts/${id}.jsonl`)!
            .toString('utf8')
            .trim()
            .split('\n');
          return {
            id,
            rate: fmt.sampleRate,
            channels,
            turns: transcript.map((line) => JSON.parse(line) as Turn),
            labels: json(sample.entries, `labels/${id}.json`),
          };
        });
      return { ...sample, calls, format };
    });
  expect(samples.length).toBeGreaterThanOrEqual(3);
});

/** Root mean square of 16-bit samples (wavefile gives them at their stored scale, ±32768) between two times. */
const rms = (channel: Float64Array, rate: number, start: number, end: number) => {
  const from = Math.round(start * rate);
  const to = Math.min(channel.length, Math.round(end * rate));
  let sum = 0;
  for (let i = from; i < to; i++) sum += channel[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
};

test('3 to 5 calls a sample, each with a transcript and labels, lasting what its labels say', () => {
  for (const { listing, calls } of samples) {
    expect(calls.length, listing.id).toBeGreaterThanOrEqual(3);
    expect(calls.length, listing.id).toBeLessThanOrEqual(5);
    for (const call of calls) {
      const seconds = call.channels[0]!.length / call.rate;
      expect(seconds, call.id).toBeGreaterThan(3);
      expect(call.labels.duration_s as number, call.id).toBeCloseTo(seconds, 2);
      expect(Object.keys(call.labels).sort(), call.id).toEqual(cardFieldNames(listing));
    }
  }
});

test('the transcript is JSON Lines of turns in time order, each by a party the card names, within the call', () => {
  for (const { format, calls } of samples)
    for (const call of calls) {
      let last = 0;
      for (const turn of call.turns) {
        expect(format.roles, call.id).toContain(turn.speaker);
        expect(turn.start, call.id).toBeGreaterThanOrEqual(last);
        expect(turn.end, call.id).toBeGreaterThan(turn.start);
        expect(turn.text.trim().length, call.id).toBeGreaterThan(0);
        last = turn.end;
      }
      expect(last, call.id).toBeLessThanOrEqual(call.channels[0]!.length / call.rate);
      expect(new Set(call.turns.map((turn) => turn.speaker)).size, call.id).toBe(2);
    }
});

test('each turn is speech on its own party’s channel at the transcript’s times, the other channel quiet', () => {
  for (const { calls } of samples)
    for (const call of calls)
      for (const turn of call.turns) {
        const own = rms(call.channels[turn.channel]!, call.rate, turn.start, turn.end);
        expect(own, `${call.id} turn ${turn.turn}`).toBeGreaterThan(1000); // speech (of 32768), not silence or hiss
        if (call.channels.length === 2) {
          const other = rms(call.channels[1 - turn.channel]!, call.rate, turn.start, turn.end);
          expect(other, `${call.id} turn ${turn.turn}`).toBeLessThan(own / 10);
        }
      }
});

test('every redaction tag in a turn is a span the labels list, and that span is silent in the audio', () => {
  for (const { calls } of samples)
    for (const call of calls) {
      const redactions = call.labels.redactions as {
        turn: number;
        start: number;
        end: number;
        category: string;
      }[];
      for (const turn of call.turns) {
        const tags = [...turn.text.matchAll(/\[([A-Z_]+)\]/g)].map((match) => match[1]);
        const spans = redactions.filter((span) => span.turn === turn.turn);
        expect(
          spans.map((span) => span.category),
          `${call.id} turn ${turn.turn}`,
        ).toEqual(tags);
        for (const span of spans) {
          expect(span.start).toBeGreaterThanOrEqual(turn.start);
          expect(span.end).toBeLessThanOrEqual(turn.end + 0.001);
          expect(
            rms(call.channels[turn.channel]!, call.rate, span.start + 0.02, span.end - 0.02),
          ).toBeLessThan(30);
        }
      }
    }
});
