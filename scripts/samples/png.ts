// An 8-bit grayscale PNG (IHDR, one IDAT, IEND) with the Up filter, which suits the smooth synthetic images.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

export function encodePng(pixels: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // colour type: grayscale
  const raw = Buffer.alloc((width + 1) * height);
  for (let row = 0; row < height; row++) {
    const at = row * (width + 1);
    raw[at] = row === 0 ? 0 : 2; // filter: None on the first row, Up after
    for (let col = 0; col < width; col++) {
      const value = pixels[row * width + col]!;
      const above = row === 0 ? 0 : pixels[(row - 1) * width + col]!;
      raw[at + 1 + col] = (value - above) & 0xff;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
