export const MEDIA_NAMESPACE = 'http://search.yahoo.com/mrss/';
export const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';

/** One video of a feed, with every URL already made (signed preview, thumbnail, pages). */
export interface MrssItem {
  /** Stable for the video: partners recognise an item they already have. */
  guid: string;
  title: string;
  description: string;
  link: string;
  published: Date;
  keywords: string[];
  creditName: string;
  licenseUrl: string;
  licenseTitle: string;
  preview: {
    url: string;
    type: string;
    durationSeconds: number | null;
    width: number | null;
    height: number | null;
    fileSize: number | null;
  };
  thumbnail: { url: string; width: number; height: number } | null;
}

export interface MrssChannel {
  title: string;
  link: string;
  description: string;
  language: string;
  lastBuild: Date;
  /** This page's own URL, and the next page's when there is one (atom:link rel self / next). */
  selfUrl: string;
  nextUrl: string | null;
  items: MrssItem[];
}

/** Drops the attributes we do not know (a preview made before its size was recorded). */
function known(attributes: Record<string, string | number | null>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attributes).flatMap(([name, value]) => (value === null ? [] : [[name, String(value)]])),
  );
}

/**
 * An RSS 2.0 document with the Media RSS module (version 1.5.1, namespace http://search.yahoo.com/mrss/),
 * built with an XML builder so every text and attribute is escaped by it, never by hand. No
 * `media:rating` is written: videos carry no rating or adult flag (SPEC 3), so there is nothing to state.
 * The builder loads at the first feed read, not at every start of the server.
 */
export async function mrssDocument(channel: MrssChannel): Promise<string> {
  const { create } = await import('xmlbuilder2');
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('rss', {
    version: '2.0',
    'xmlns:media': MEDIA_NAMESPACE,
    'xmlns:atom': ATOM_NAMESPACE,
  });
  const feed = root.ele('channel');
  feed.ele('title').txt(channel.title);
  feed.ele('link').txt(channel.link);
  feed.ele('description').txt(channel.description);
  feed.ele('language').txt(channel.language);
  feed.ele('lastBuildDate').txt(channel.lastBuild.toUTCString());
  feed.ele(ATOM_NAMESPACE, 'atom:link', { href: channel.selfUrl, rel: 'self', type: 'application/rss+xml' });
  if (channel.nextUrl)
    feed.ele(ATOM_NAMESPACE, 'atom:link', {
      href: channel.nextUrl,
      rel: 'next',
      type: 'application/rss+xml',
    });

  for (const video of channel.items) {
    const item = feed.ele('item');
    item.ele('title').txt(video.title);
    item.ele('link').txt(video.link);
    item.ele('guid', { isPermaLink: 'false' }).txt(video.guid);
    // RFC 822 (as RFC 1123 writes it): "Wed, 25 Nov 2026 13:45:00 GMT"
    item.ele('pubDate').txt(video.published.toUTCString());
    item.ele('description').txt(video.description);
    item.ele(
      MEDIA_NAMESPACE,
      'media:content',
      known({
        url: video.preview.url,
        type: video.preview.type,
        medium: 'video',
        isDefault: 'true',
        expression: 'full',
        duration: video.preview.durationSeconds,
        width: video.preview.width,
        height: video.preview.height,
        fileSize: video.preview.fileSize,
      }),
    );
    if (video.thumbnail)
      item.ele(MEDIA_NAMESPACE, 'media:thumbnail', {
        url: video.thumbnail.url,
        width: String(video.thumbnail.width),
        height: String(video.thumbnail.height),
      });
    item.ele(MEDIA_NAMESPACE, 'media:title', { type: 'plain' }).txt(video.title);
    item.ele(MEDIA_NAMESPACE, 'media:description', { type: 'plain' }).txt(video.description);
    if (video.keywords.length > 0) item.ele(MEDIA_NAMESPACE, 'media:keywords').txt(video.keywords.join(', '));
    item.ele(MEDIA_NAMESPACE, 'media:credit', { role: 'owner', scheme: 'urn:ebu' }).txt(video.creditName);
    item
      .ele(MEDIA_NAMESPACE, 'media:license', { type: 'text/html', href: video.licenseUrl })
      .txt(video.licenseTitle);
  }
  return root.end({ prettyPrint: true });
}
