/**
 * A 64-bit perceptual hash of one grey frame, after PDQ and pHash: black bars trimmed, the picture
 * averaged down to 32x32, the lowest 8x8 frequencies of its DCT, and one bit per frequency: set when the
 * coefficient is above the median of the 64. A re-encoded, resized or letterboxed copy of the frame keeps
 * nearly every bit; another picture flips about half. Bit i is frequency (i % 8 across, i / 8 down).
 */
export type FrameHash = bigint;

const SIDE = 32;
const LOW = 8;
/** A bar is a row or column this dark at its brightest (of 255): a letterbox, not a dark scene's edge. */
const BAR_BRIGHTEST = 40;
const BAR_MEAN = 24;
/** Bars take at most this share of each side: a frame that is mostly dark is kept whole. */
const MOST_TRIMMED = 0.3;
/**
 * Below this mean magnitude of the frequencies (grey levels), the frame is flat (black, one colour, a fade):
 * its bits would be noise, so it has no hash.
 */
const FLAT = 1.5;

/** cos((2x+1)uπ/2N) for x < 32, u < 8, once. */
const COSINES = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);

/** The rows and columns that hold the picture, bars left out. */
function pictureBox(grey: Uint8Array, side: number) {
  const isBar = (values: (i: number) => number) => {
    let brightest = 0;
    let sum = 0;
    for (let i = 0; i < side; i++) {
      const value = values(i);
      brightest = Math.max(brightest, value);
      sum += value;
    }
    return brightest <= BAR_BRIGHTEST && sum / side <= BAR_MEAN;
  };
  const row = (y: number) => isBar((x) => grey[y * side + x] ?? 0);
  const column = (x: number) => isBar((y) => grey[y * side + x] ?? 0);
  const most = Math.floor(side * MOST_TRIMMED);
  let top = 0;
  let bottom = side;
  let left = 0;
  let right = side;
  while (top < most && row(top)) top++;
  while (side - bottom < most && row(bottom - 1)) bottom--;
  while (left < most && column(left)) left++;
  while (side - right < most && column(right - 1)) right--;
  return { top, bottom, left, right };
}

/** The box averaged down to SIDE x SIDE (each output pixel the mean of the input pixels it covers). */
function downscale(grey: Uint8Array, side: number, box: ReturnType<typeof pictureBox>): Float64Array {
  const out = new Float64Array(SIDE * SIDE);
  const width = box.right - box.left;
  const height = box.bottom - box.top;
  for (let y = 0; y < SIDE; y++) {
    const y0 = box.top + Math.floor((y * height) / SIDE);
    const y1 = Math.max(y0 + 1, box.top + Math.floor(((y + 1) * height) / SIDE));
    for (let x = 0; x < SIDE; x++) {
      const x0 = box.left + Math.floor((x * width) / SIDE);
      const x1 = Math.max(x0 + 1, box.left + Math.floor(((x + 1) * width) / SIDE));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += grey[yy * side + xx] ?? 0;
      out[y * SIDE + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/** The 8x8 lowest frequencies of the 32x32 picture's DCT-II, row-major (u across, v down). */
function lowFrequencies(pixels: Float64Array): Float64Array {
  const rows = new Float64Array(SIDE * LOW); // each row's u-th frequency
  for (let y = 0; y < SIDE; y++)
    for (let u = 0; u < LOW; u++) {
      const cos = COSINES[u]!;
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += (pixels[y * SIDE + x] ?? 0) * cos[x]!;
      rows[y * LOW + u] = sum;
    }
  const out = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++) {
    const cos = COSINES[v]!;
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += (rows[y * LOW + u] ?? 0) * cos[y]!;
      out[v * LOW + u] = sum / SIDE; // in grey levels, whatever the size
    }
  }
  return out;
}

function bitsAboveMedian(coefficients: Float64Array): FrameHash {
  const median = [...coefficients].sort((a, b) => a - b)[coefficients.length / 2] ?? 0;
  let hash = 0n;
  for (let i = 0; i < coefficients.length; i++) if ((coefficients[i] ?? 0) > median) hash |= 1n << BigInt(i);
  return hash;
}

/**
 * The hash of a `side` x `side` grey frame (one byte a pixel, rows top to bottom) and of its mirror image
 * (a copy flipped left to right: the DCT's odd frequencies across change sign); null for a flat frame.
 */
export function frameHashes(grey: Uint8Array, side: number): { hash: FrameHash; mirrored: FrameHash } | null {
  const coefficients = lowFrequencies(downscale(grey, side, pictureBox(grey, side)));
  let energy = 0;
  for (let i = 1; i < coefficients.length; i++) energy += Math.abs(coefficients[i] ?? 0);
  if (energy / (coefficients.length - 1) < FLAT) return null;
  const flipped = coefficients.map((value, i) => ((i % LOW) % 2 === 1 ? -value : value));
  return { hash: bitsAboveMedian(coefficients), mirrored: bitsAboveMedian(flipped) };
}

function bitCount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: FrameHash, b: FrameHash): number {
  const x = BigInt.asUintN(64, a ^ b);
  return bitCount32(Number(x & 0xffffffffn)) + bitCount32(Number(x >> 32n));
}

/**
 * Frame hashes as bytes, 8 a frame, big-endian, for storing; 0 stands for a flat frame (a real hash has
 * about half its bits set, being split at the median, so it is never 0).
 */
export function packHashes(frames: readonly (FrameHash | null)[]): Buffer {
  const bytes = Buffer.alloc(frames.length * 8);
  frames.forEach((hash, i) => {
    bytes.writeBigUInt64BE(hash ?? 0n, i * 8);
  });
  return bytes;
}

export function unpackHashes(bytes: Uint8Array): (FrameHash | null)[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: Math.floor(view.length / 8) }, (_, i) => {
    const hash = view.readBigUInt64BE(i * 8);
    return hash === 0n ? null : hash;
  });
}
