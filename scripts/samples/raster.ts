// Piecewise-constant phantoms: ellipsoids painted in order (the last one containing a pixel sets its value), cut
// at a slice height z. Noiseless on purpose: flat regions compress, so a sample of full-size images stays small.

/** Centre (x, y, z) and semi-axes (a, b, c) in [-1, 1] image space, rotation in degrees, value in modality units. */
export type Shape = {
  x: number;
  y: number;
  a: number;
  b: number;
  value: number;
  angle?: number;
  z?: number;
  c?: number; // half its extent along z; absent: the shape runs through every slice
};

export type Scene = { background: number; shapes: Shape[] };

/** The shape's cross-section at slice height z, shrunk as an ellipsoid's is; undefined when the slice misses it. */
function section(shape: Shape, z: number): Shape | undefined {
  if (shape.c === undefined) return shape;
  const t = (z - (shape.z ?? 0)) / shape.c;
  if (Math.abs(t) >= 1) return undefined;
  const scale = Math.sqrt(1 - t * t);
  return { ...shape, a: shape.a * scale, b: shape.b * scale };
}

export function inside(shape: Shape, u: number, v: number): boolean {
  const theta = ((shape.angle ?? 0) * Math.PI) / 180;
  const dx = u - shape.x;
  const dy = v - shape.y;
  const p = (dx * Math.cos(theta) + dy * Math.sin(theta)) / shape.a;
  const q = (-dx * Math.sin(theta) + dy * Math.cos(theta)) / shape.b;
  return p * p + q * q <= 1;
}

/** The scene at slice height z as width × height values; v is scaled so that circles stay round. */
export function rasterise(scene: Scene, width: number, height: number, z = 0): Float32Array {
  const shapes = scene.shapes.flatMap((shape) => section(shape, z) ?? []);
  const out = new Float32Array(width * height).fill(scene.background);
  const aspect = height / width;
  for (const shape of shapes) {
    // Only the rows and columns the shape's bounding circle covers.
    const r = Math.max(shape.a, shape.b);
    const col0 = Math.max(0, Math.floor(((shape.x - r + 1) / 2) * width));
    const col1 = Math.min(width - 1, Math.ceil(((shape.x + r + 1) / 2) * width));
    const row0 = Math.max(0, Math.floor((((shape.y - r) / aspect + 1) / 2) * height));
    const row1 = Math.min(height - 1, Math.ceil((((shape.y + r) / aspect + 1) / 2) * height));
    for (let row = row0; row <= row1; row++) {
      const v = (((row + 0.5) / height) * 2 - 1) * aspect;
      for (let col = col0; col <= col1; col++) {
        const u = ((col + 0.5) / width) * 2 - 1;
        if (inside(shape, u, v)) out[row * width + col] = shape.value;
      }
    }
  }
  return out;
}

/** The mask of one shape at slice height z (1 inside), e.g. a nodule's segmentation. */
export function mask(shape: Shape, width: number, height: number, z = 0): Uint8Array {
  const values = rasterise({ background: 0, shapes: [{ ...shape, value: 1 }] }, width, height, z);
  return Uint8Array.from(values);
}

/** Window (centre, width) as a viewer applies it (PS3.3 C.11.2.1.2): values to 0–255 grey. */
export function windowed(values: Float32Array, center: number, width: number): Uint8Array {
  const out = new Uint8Array(values.length);
  const low = center - width / 2;
  for (let i = 0; i < values.length; i++) {
    out[i] = Math.round(255 * Math.max(0, Math.min(1, (values[i]! - low) / width)));
  }
  return out;
}
