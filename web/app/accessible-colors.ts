import { DEFAULT_THEME, darken, luminance, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's palettes, with the shades that carry text made dark enough for WCAG AA (4.5:1 for normal
 * text): white text on a filled button or badge (shade 8, the light scheme's primary shade), a link or
 * coloured text on white (shade 8), and a light variant's text (shade 9) on its tinted background
 * (shade 1). The default teal, green and orange miss it by a little (3.4 to 4.3); the hue stays the same.
 */
const AA = 4.6; // a little above 4.5, so rounding in the browser's colour maths never drops below it

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The colour darkened in small steps until it reaches AA against every given background. */
export function darkEnough(color: string, backgrounds: string[]): string {
  let result = color;
  for (let step = 0.04; backgrounds.some((bg) => contrast(result, bg) < AA) && step < 1; step += 0.04)
    result = darken(color, step);
  return result;
}

function accessibleShades(shades: MantineColorsTuple): MantineColorsTuple {
  const result = [...shades];
  // Shade 2 too: the light variant's background under the pointer (a hovered, active side-menu entry)
  result[8] = darkEnough(shades[8], ['#ffffff', '#f8f9fa', '#f1f3f5', shades[2]]);
  result[9] = darkEnough(shades[9], [shades[2], shades[1], shades[0], '#ffffff']);
  return result as unknown as MantineColorsTuple;
}

/** "Dimmed" text (hints, dates, descriptions) on white and on the light grey of a card: gray 6 is 3.3:1. */
export const dimmedText = darkEnough(DEFAULT_THEME.colors.gray[6], ['#ffffff', '#f8f9fa', '#f1f3f5']);

export const accessibleColors: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [name, accessibleShades(shades)]),
);
// Mantine writes some secondary text in gray 6 itself, not in "dimmed" (a toast's message under its
// title): gray 6 is the dimmed colour too.
accessibleColors.gray = accessibleColors.gray!.map((shade, index) =>
  index === 6 ? dimmedText : shade,
) as unknown as MantineColorsTuple;
