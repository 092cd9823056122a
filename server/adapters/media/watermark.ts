import sharp from 'sharp';

/**
 * The strokes of each capital letter on a 6 x 10 grid (y down), as polylines. The watermark draws the
 * product name with these lines rather than a font, so it looks the same on every machine and never
 * depends on which fonts the server happens to have (a missing font would leave no watermark at all).
 */
const STROKES: Record<string, number[][]> = {
  A: [
    [0, 10, 3, 0, 6, 10],
    [1.2, 6, 4.8, 6],
  ],
  C: [[6, 1.5, 4.5, 0, 1.5, 0, 0, 1.5, 0, 8.5, 1.5, 10, 4.5, 10, 6, 8.5]],
  E: [
    [6, 0, 0, 0, 0, 10, 6, 10],
    [0, 5, 4.5, 5],
  ],
  I: [
    [3, 0, 3, 10],
    [1, 0, 5, 0],
    [1, 10, 5, 10],
  ],
  K: [
    [0, 0, 0, 10],
    [6, 0, 0, 6.5],
    [2, 4.5, 6, 10],
  ],
  L: [[0, 0, 0, 10, 6, 10]],
  M: [[0, 10, 0, 0, 3, 6, 6, 0, 6, 10]],
  P: [[0, 10, 0, 0, 4.5, 0, 6, 1.5, 6, 3.5, 4.5, 5, 0, 5]],
  R: [
    [0, 10, 0, 0, 4.5, 0, 6, 1.5, 6, 3.5, 4.5, 5, 0, 5],
    [3, 5, 6, 10],
  ],
  T: [
    [0, 0, 6, 0],
    [3, 0, 3, 10],
  ],
};

const LETTER_WIDTH = 6;
const LETTER_GAP = 2.5;
const GLYPH_HEIGHT = 10;

/** The SVG path of `text` in the stroke letters above, starting at 0,0, one unit per grid step. */
function textPath(text: string): { d: string; width: number } {
  let x = 0;
  const parts: string[] = [];
  for (const letter of text.toUpperCase()) {
    const strokes = STROKES[letter];
    if (!strokes) throw new Error(`the watermark has no stroke letter for "${letter}"`);
    for (const line of strokes) {
      const points: string[] = [];
      for (let i = 0; i < line.length; i += 2) points.push(`${x + line[i]!},${line[i + 1]!}`);
      parts.push(`M${points.join('L')}`);
    }
    x += LETTER_WIDTH + LETTER_GAP;
  }
  return { d: parts.join(''), width: x - LETTER_GAP };
}

/**
 * The watermark as an SVG of exactly `width` x `height`: the text, semi-transparent white on a faint
 * dark edge (visible on light and dark pictures), repeated in a tilted grid across the whole frame with
 * one copy centred, so no crop keeps a useful part of the picture without some of it.
 */
export function watermarkSvg(text: string, width: number, height: number): string {
  const { d, width: textWidth } = textPath(text);
  // Letters about 1/22 of the shorter side tall (never under 9 px), so a phone-sized preview still shows them.
  const scale = Math.max(9, Math.min(width, height) / 22) / GLYPH_HEIGHT;
  const tileWidth = (textWidth + 16) * scale;
  const tileHeight = GLYPH_HEIGHT * 8 * scale;
  const stroke = 1.2;
  const glyphs = (x: number, y: number) =>
    `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke-linecap="round" stroke-linejoin="round">
      <path d="${d}" stroke="#000" stroke-opacity="0.35" stroke-width="${stroke * 2}"/>
      <path d="${d}" stroke="#fff" stroke-opacity="0.5" stroke-width="${stroke}"/>
    </g>`;
  const cx = width / 2;
  const cy = height / 2;
  // The pattern starts where a centred copy goes, so one copy sits on the centre. A pattern clips what
  // crosses its tile's edge: the half-offset copy is drawn from both sides to come out whole.
  const ox = cx - (textWidth * scale) / 2;
  const oy = cy - (GLYPH_HEIGHT * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <pattern id="w" patternUnits="userSpaceOnUse" width="${tileWidth}" height="${tileHeight}"
      x="${ox}" y="${oy}" patternTransform="rotate(-20 ${cx} ${cy})">
      ${glyphs(0, 0)}
      ${glyphs(tileWidth / 2, tileHeight / 2)}
      ${glyphs(-tileWidth / 2, tileHeight / 2)}
    </pattern>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#w)"/>
</svg>`;
}

/** The watermark as a transparent PNG of exactly `width` x `height`, to lay over every frame. */
export function watermarkPng(text: string, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(watermarkSvg(text, width, height)))
    .png()
    .toBuffer();
}
