// A 16-bit PCM WAV file (RIFF, WAVE, fmt, data), the delivery format the audio data cards name.

export type WavFormat = { rate: number; channels: 1 | 2 };

/** Interleaved 16-bit samples (frame by frame, channel by channel) as a WAV file. */
export function encodeWav(pcm: Int16Array, format: WavFormat): Buffer {
  const dataBytes = pcm.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(format.channels, 22);
  out.writeUInt32LE(format.rate, 24);
  out.writeUInt32LE(format.rate * 2 * format.channels, 28); // byte rate
  out.writeUInt16LE(2 * format.channels, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < pcm.length; i++) out.writeInt16LE(pcm[i] ?? 0, 44 + i * 2);
  return out;
}

/** Mono 16-bit samples as an 8-bit WAV (unsigned, as WAV stores 8 bits): half the bytes, telephone quality. */
export function encodeWav8(pcm: Int16Array, rate: number): Buffer {
  const out = Buffer.alloc(44 + pcm.length + (pcm.length % 2));
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(out.length - 8, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate, 28); // byte rate
  out.writeUInt16LE(1, 32); // block align
  out.writeUInt16LE(8, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(pcm.length, 40);
  for (let i = 0; i < pcm.length; i++) out[44 + i] = Math.min(255, Math.round(pcm[i]! / 256) + 128);
  return out;
}
