// Writes public/favicon.ico (a 32×32 PNG inside an ICO container, which every browser reads) and public/og-image.png
// (the 1200×630 card that link previews show), both drawn by Chromium from public/favicon.svg and plain HTML.
// Usage: node scripts/generate-brand-images.ts   (run again after changing the logo)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const PUBLIC = join(resolve(import.meta.dirname, '..'), 'public');
const logo = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});

async function render(html: string, width: number, height: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(html);
  const png = await page.screenshot({ omitBackground: true });
  await page.close();
  return png;
}

/** ICO with one PNG image (allowed since Windows Vista; read by every current browser). */
function ico(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

const icon = await render(
  `<style>html,body{margin:0;background:transparent}svg{display:block;width:32px;height:32px}</style>${logo}`,
  32,
  32,
);
writeFileSync(join(PUBLIC, 'favicon.ico'), ico(icon, 32));

const card = await render(
  `<style>
    body{margin:0;width:1200px;height:630px;box-sizing:border-box;padding:80px;background:#fbfbf9;color:#1b1f24;
      font-family:system-ui,sans-serif;display:flex;flex-direction:column;justify-content:space-between;border-top:16px solid #0b5cad}
    .brand{display:flex;align-items:center;gap:24px;font-size:44px;font-weight:700}
    .brand svg{width:88px;height:88px}
    h1{font-size:72px;line-height:1.1;margin:0}
    p{font-size:34px;color:#57606a;margin:0}
  </style>
  <div class="brand">${logo}Data Sourcing Service</div>
  <h1>Licensed training data for AI labs</h1>
  <p>Conversational audio and medical imaging, de-identified and documented</p>`,
  1200,
  630,
);
writeFileSync(join(PUBLIC, 'og-image.png'), card);
await browser.close();
console.log('wrote public/favicon.ico and public/og-image.png');
