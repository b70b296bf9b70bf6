// A lab's first look at a listing, in Chromium: an audio listing plays its synthetic clip (the player's duration
// is the clip's) with the transcript turn by turn beside it; an imaging listing shows a slice of at least 512 px
// with its modality and body part in the caption.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { requireBuild } from '../support/dist.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  requireBuild();
  server = await startServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const about = async (id: string) => JSON.parse(await readFile(`content/previews/${id}.json`, 'utf8'));

test.each(['us-auto-insurance-claims-calls', 'gulf-retail-banking-calls-arabic'])(
  '%s: the clip plays, lasts what the clip lasts, and its turns are shown beside it',
  async (id) => {
    const clip = await about(id);
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/catalog/${id}/`);
    const player = page.locator('.preview audio[controls]');
    await expect
      .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(clip.seconds, 2);
    // Muted, as a page may start playback without a gesture; it plays when time moves on.
    await player.evaluate((audio: HTMLAudioElement) => {
      audio.muted = true;
      return audio.play();
    });
    await expect
      .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.3);
    const shown = await page.locator('.preview .transcript p').allInnerTexts();
    expect(shown).toHaveLength(clip.turns.length);
    for (const [i, turn] of (clip.turns as { speaker: string; text: string }[]).entries()) {
      expect(shown[i]).toContain(turn.speaker);
      expect(shown[i]).toContain(turn.text);
    }
    await page.close();
  },
);

test.each(['de-chest-ct-lung-nodules', 'au-abdominal-ultrasound-liver', 'us-brain-mri-glioma'])(
  '%s: a slice of at least 512 px, its modality and body part in the caption',
  async (id) => {
    const slice = await about(id);
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/catalog/${id}/`);
    const image = page.locator('.preview img');
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThanOrEqual(512);
    const caption = await page.locator('.preview .slice figcaption').innerText();
    expect(caption).toContain(`modality ${slice.modality}`);
    expect(caption).toContain(`body part ${slice.body_part.toLowerCase()}`);
    expect(caption).toContain(slice.window.name);
    await page.close();
  },
);
