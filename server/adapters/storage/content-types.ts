/**
 * Content types by extension, for local disk, which keeps no metadata beside a file (S3 stores the type
 * given to `put`). The list covers what the product stores: videos, pictures, signatures, documents.
 */
const BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  '3gp': 'video/3gpp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

/** The content type a stored file is served with, from its extension; unknown ones are plain bytes. */
export function contentTypeOf(path: string): string {
  const extension = path.slice(path.lastIndexOf('.') + 1);
  return (path.includes('.') && typeByExtension(extension)) || 'application/octet-stream';
}

/** Own keys only: `constructor` or `toString` is no extension of ours. */
const typeByExtension = (extension: string): string | undefined => {
  const key = extension.toLowerCase();
  return Object.hasOwn(BY_EXTENSION, key) ? BY_EXTENSION[key] : undefined;
};

/** A file extension a video original may be stored under (`videos/{id}.{ext}`). */
export function isVideoExtension(extension: string): boolean {
  return typeByExtension(extension)?.startsWith('video/') === true;
}

/** Types a browser only displays, never runs: videos and raster pictures (not SVG, HTML, PDF ...). */
const INERT_TYPE = /^(video\/[\w.+-]+|image\/(jpeg|png|webp|gif))$/;

/**
 * How a stored file is served from our own origin: an inert type as itself, anything else as bytes to
 * download (`download: true` means Content-Disposition: attachment), so nothing uploaded can ever open
 * as a page or an SVG with scripts on our site.
 */
export function servedContentType(path: string): { type: string; download: boolean } {
  const type = contentTypeOf(path);
  return INERT_TYPE.test(type)
    ? { type, download: false }
    : { type: 'application/octet-stream', download: true };
}
