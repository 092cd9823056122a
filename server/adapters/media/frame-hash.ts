/**
 * A 64-bit perceptual hash of one grey frame, after PDQ and pHash: black bars trimmed, the picture
 * averaged down to 32x32, its brightest and darkest twentieth clamped, the lowest 8x8 frequencies of its
 * DCT, and one bit per frequency: set when the coefficient is clearly above the median of the 64. A re-encoded,
 * resized or letterboxed copy of the frame keeps nearly every bit; another picture flips about half. Bit i
 * is frequency (i % 8 across, i / 8 down).
 */
export type FrameHash = bigint;

/**
 * Which hash the stored fingerprints hold: a change to how a frame is hashed makes earlier hashes
 * incomparable, and the backfill command hashes those videos again. 2: the picture clamped (a logo or a
 * caption brighter than the footage no longer outweighs it), and a bit set only clearly above the median.
 */
export const HASH_VERSION = 2;

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
/**
 * The picture is clamped to its own 5th and 95th percentile: an opaque logo or caption (a few percent of
 * the frame, brighter or darker than the footage) then weighs no more than the footage's own brightest or
 * darkest parts. bench/near-duplicates.ts measured 5% best (10% lost crops of plain test patterns).
 */
const CLAMPED_SHARE = 0.05;
/**
 * A bit is set when its coefficient is above the median by more than this (grey levels): a frequency the
 * picture lacks (every vertical one of a card of vertical colour bars) sits at the median, give or take a
 * re-encode's noise, and is then always 0 instead of a coin toss. Measured in bench/near-duplicates.ts:
 * 0.5 made the hashes of dim, busy frames so sparse that one met a colour-bar card's.
 */
const DEAD_ZONE = 0.25;
/**
 * A bit is reliable when its coefficient is at least this share of the typical (median) distance from
 * the threshold away from it: the others sit on the threshold and flip with any re-encode.
 */
const RELIABLE_GAP = 0.75;

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

/** Each pixel clamped to the picture's own CLAMPED_SHARE and 1 - CLAMPED_SHARE quantiles. */
function clamped(pixels: Float64Array): Float64Array {
  const sorted = Float64Array.from(pixels).sort();
  const last = sorted.length - 1;
  const darkest = sorted[Math.floor(CLAMPED_SHARE * last)] ?? 0;
  const brightest = sorted[Math.ceil((1 - CLAMPED_SHARE) * last)] ?? 255;
  return pixels.map((pixel) => Math.min(brightest, Math.max(darkest, pixel)));
}

const medianOf = (values: Iterable<number>) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The hash, and which of its bits are reliable (see RELIABLE_GAP; the mean, bit 0, never is). */
function bitsAboveMedian(coefficients: Float64Array): { hash: FrameHash; reliable: bigint } {
  const threshold = medianOf(coefficients) + DEAD_ZONE;
  const typicalGap = medianOf(coefficients.subarray(1).map((value) => Math.abs(value - threshold)));
  let hash = 0n;
  let reliable = 0n;
  coefficients.forEach((value, i) => {
    if (value > threshold) hash |= 1n << BigInt(i);
    if (i > 0 && Math.abs(value - threshold) >= RELIABLE_GAP * typicalGap) reliable |= 1n << BigInt(i);
  });
  return { hash, reliable };
}

export interface FrameHashes {
  hash: FrameHash;
  /** The hash of the frame's mirror image: what a copy flipped left to right hashes to. */
  mirrored: FrameHash;
  /**
   * The bits of each that a re-encode leaves alone: a new video's frames are compared on these only (not
   * stored: an upload's side of the comparison is always hashed in the same run).
   */
  reliable: bigint;
  mirroredReliable: bigint;
}

/**
 * The hashes of a `side` x `side` grey frame (one byte a pixel, rows top to bottom) and of its mirror
 * image (the DCT's odd frequencies across change sign); null for a flat frame.
 */
export function frameHashes(grey: Uint8Array, side: number): FrameHashes | null {
  const coefficients = lowFrequencies(clamped(downscale(grey, side, pictureBox(grey, side))));
  let energy = 0;
  for (let i = 1; i < coefficients.length; i++) energy += Math.abs(coefficients[i] ?? 0);
  if (energy / (coefficients.length - 1) < FLAT) return null;
  const direct = bitsAboveMedian(coefficients);
  const mirrored = bitsAboveMedian(coefficients.map((value, i) => ((i % LOW) % 2 === 1 ? -value : value)));
  return {
    hash: direct.hash,
    mirrored: mirrored.hash,
    reliable: direct.reliable,
    mirroredReliable: mirrored.reliable,
  };
}

function bitCount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many of the 64 bits are set. */
export function bitCount(value: bigint): number {
  const x = BigInt.asUintN(64, value);
  return bitCount32(Number(x & 0xffffffffn)) + bitCount32(Number(x >> 32n));
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: FrameHash, b: FrameHash): number {
  return bitCount(a ^ b);
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
