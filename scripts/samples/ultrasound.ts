// A synthetic B-mode sector scan, 8-bit: speckled tissue inside a fan that fades with depth, a bright capsule,
// and dark structures (a liver lesion, or the heart's chambers). Speckle comes in 2×2 grains, as real speckle is
// coarser than a pixel; a cine's frames move the structures a little, as breathing or a heartbeat would.
import { inside, type Shape } from './raster.ts';
import { between, mulberry32, type Rng } from './rng.ts';

export type UltrasoundScene = { seed: number; capsule: number; dark: Shape[] };

export function liverScene(rng: Rng): UltrasoundScene {
  return {
    seed: Math.floor(rng() * 2 ** 32),
    capsule: between(rng, 0.24, 0.3),
    dark: [
      { x: between(rng, -0.2, 0.2), y: between(rng, 0.15, 0.4), a: 0.1, b: 0.075, angle: 15, value: 0.25 },
    ],
  };
}

export function heartScene(rng: Rng): UltrasoundScene {
  return {
    seed: Math.floor(rng() * 2 ** 32),
    capsule: between(rng, 0.12, 0.16),
    dark: [
      { x: -0.12, y: 0.05, a: 0.13, b: 0.25, angle: 10, value: 0.08 }, // left ventricle
      { x: 0.16, y: 0.0, a: 0.11, b: 0.2, angle: -10, value: 0.08 }, // right ventricle
      { x: -0.08, y: 0.45, a: 0.12, b: 0.1, value: 0.08 }, // left atrium
    ],
  };
}

/** One frame, width × height; frame shifts the dark structures by up to a few pixels. */
export function ultrasoundFrame(
  scene: UltrasoundScene,
  width: number,
  height: number,
  frame = 0,
): Uint8Array {
  const rng = mulberry32(scene.seed + frame * 7919);
  const pixels = new Uint8Array(width * height);
  const halfAngle = (38 * Math.PI) / 180;
  const depth = height * 0.98;
  const shift = 0.015 * Math.sin(frame * 1.3);
  const dark = scene.dark.map((shape) => ({ ...shape, y: shape.y + shift, a: shape.a * (1 + shift) }));
  let grain = new Uint8Array(Math.ceil(width / 2));
  for (let row = 0; row < height; row++) {
    if (row % 2 === 0) grain = new Uint8Array(Math.ceil(width / 2));
    for (let col = 0; col < width; col++) {
      const dx = col + 0.5 - width / 2;
      const dy = row + 0.5 + height * 0.04;
      const radius = Math.hypot(dx, dy) / depth;
      if (Math.abs(Math.atan2(dx, dy)) > halfAngle || radius < 0.08 || radius > 1) continue;
      if (row % 2 === 0 && col % 2 === 0) {
        // Speckle: a mean of two exponential draws (gamma intensity, as after light compounding), in steps of 4.
        const speckle = -(Math.log(1 - rng() * 0.999) + Math.log(1 - rng() * 0.999)) / 2;
        grain[col >> 1] = Math.min(63, Math.round(speckle * 24));
      }
      let echo = 0.5 * (1 - 0.4 * radius); // depth attenuation
      if (Math.abs(radius - scene.capsule) < 0.006) echo = 0.95;
      const u = (col / width) * 2 - 1;
      const v = (row / height) * 2 - 1;
      for (const shape of dark) if (inside(shape, u, v)) echo *= shape.value;
      pixels[row * width + col] = Math.min(255, Math.round(echo * grain[col >> 1]! * 4 * 1.6) & 0xfc);
    }
  }
  return pixels;
}
