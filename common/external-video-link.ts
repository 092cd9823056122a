/** The id of a video on the external video site: 11 characters of letters, digits, `_` and `-`. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const WATCH_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com'];
const EMBED_HOSTS = [...WATCH_HOSTS, 'youtube-nocookie.com', 'www.youtube-nocookie.com'];

/**
 * The external video id of a link (SPEC 2.6 "change external video link"), or null when the text is not a
 * link to one video: `youtube.com/watch?v=ID`, `youtu.be/ID`, `youtube.com/shorts/ID`, `youtube.com/embed/ID`
 * (also `/live/ID`), over http or https.
 */
export function parseExternalVideoId(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be' && segments.length === 1) candidate = segments[0];
  else if (WATCH_HOSTS.includes(host) && url.pathname === '/watch') candidate = url.searchParams.get('v');
  else if (
    EMBED_HOSTS.includes(host) &&
    segments.length === 2 &&
    ['shorts', 'embed', 'live'].includes(segments[0] ?? '') &&
    (segments[0] === 'embed' || WATCH_HOSTS.includes(host))
  )
    candidate = segments[1];
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** The canonical watch link of an external video id. */
export function externalVideoUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}
