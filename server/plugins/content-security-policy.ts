import type { AppConfig } from '../config';

/**
 * The CSP source of a configured URL: its scheme and host. A tile template's `{s}` subdomain becomes a
 * wildcard (`https://{s}.tile.example.org/...` -> `https://*.tile.example.org`).
 */
export function cspSourceOf(url: string): string {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(url.trim());
  if (!match) throw new Error(`Not an http(s) URL: ${url}`);
  const host = (match[2] as string).replace(/\{[a-z]+\}/gi, '*');
  return `${(match[1] as string).toLowerCase()}://${host.toLowerCase()}`;
}

/** The origin files are served from when it is not ours (an S3 bucket), from one of its public URLs. */
export function fileOriginOf(publicFileUrl: string): string | null {
  return /^https?:\/\//i.test(publicFileUrl) ? cspSourceOf(publicFileUrl) : null;
}

/**
 * Content-Security-Policy directives: our own origin, plus the YouTube thumbnails and embed player, the
 * map tiles (images), the geocoder the address search calls (connect-src), and the file storage's origin
 * when files come from a bucket (thumbnails, avatars and the player's signed video URLs).
 */
export function cspDirectives(
  config: Pick<AppConfig, 'publicUrl' | 'maps'>,
  fileOrigin: string | null = null,
) {
  const files = fileOrigin ? [fileOrigin] : [];
  return {
    'default-src': ["'self'"],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      'https://i.ytimg.com',
      cspSourceOf(config.maps.tileUrl),
      ...files,
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'", cspSourceOf(config.maps.geocoderUrl)],
    // 'self': the /terms page frames the terms PDF, which is always served from our origin (/api/terms/file)
    'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com'],
    'media-src': ["'self'", 'blob:', ...files],
    'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
  };
}
