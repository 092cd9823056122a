import sharp from 'sharp';

/** Pictures made on the spot for requests that must carry a real image (thumbnails, avatars, signatures). */

export function jpegBytes(width = 640, height = 360) {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
}
export async function jpegDataUrl(width = 640, height = 360) {
  return `data:image/jpeg;base64,${(await jpegBytes(width, height)).toString('base64')}`;
}
/** A transparent PNG, as a drawn signature arrives. */
export async function pngBytes(width = 300, height = 100) {
  return sharp({ create: { width, height, channels: 4, background: '#ffffff00' } })
    .png()
    .toBuffer();
}
export async function pngDataUrl() {
  return `data:image/png;base64,${(await pngBytes()).toString('base64')}`;
}
