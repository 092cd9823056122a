import crypto from 'node:crypto';
import { APP_NAME, THUMBNAIL } from '../../../common/constants';
import { MRSS_PUBLIC_PREFIX } from '../../../common/contracts/mrss';
import { parseIsoDuration } from '../../../common/duration';
import { contentTypeOf } from '../../adapters/storage/content-types';
import type { Storage } from '../../adapters/storage/storage';
import { notFound } from '../../errors';
import type { Executor } from '../../repositories/executor';
import { type MrssVideoRow, mrssFeedsRepository } from '../../repositories/mrss-feeds.repository';
import { textsIn } from '../mail/mail-templates';
import { cursorAfter, pageOf } from '../paging';
import { feedVideoQuery } from './mrss-feeds.service';
import { hashFeedToken, tokenOfFile } from './mrss-tokens';
import { type MrssItem, mrssDocument } from './mrss-xml';

/** Items per page of a feed; the channel's `atom:link rel="next"` leads to the next page. */
export const MRSS_PAGE_SIZE = 50;
/** Signed preview URLs expire on the hour, so a feed reads the same for an hour and caches well. */
const EXPIRY_STEP_SECONDS = 3600;
const THUMBNAIL_SIZE = { width: THUMBNAIL.width, height: THUMBNAIL.height };

/** A page of a feed as partners read it, with what their caches need to keep it. */
export interface MrssFeedPage {
  xml: string;
  /** A hash of the document: the same page reads the same until a video or the feed changes. */
  etag: string;
  /** When the feed was edited or its newest video arrived, whichever is later. */
  lastModified: Date;
}

/**
 * The partners' Media RSS documents (issue 20): a page of a feed's publicly listed videos with a ready
 * preview, newest first. `media:content` is the watermarked preview (signed, valid for
 * `previewUrlSeconds`), never the original, which is what partners license.
 */
export function mrssDocumentService(deps: {
  db: Executor;
  storage: Storage;
  now: () => Date;
  publicUrl: string;
  /** How long a signed preview URL of a feed is valid (MRSS_PREVIEW_URL_SECONDS). */
  previewUrlSeconds: number;
}) {
  const feeds = mrssFeedsRepository(deps.db);
  const site = deps.publicUrl.replace(/\/+$/, '');
  const absolute = (url: string) => (url.startsWith('/') ? `${site}${url}` : url);

  /** A preview URL valid for the configured time, ending on a whole hour (the same for an hour). */
  const signedPreview = async (key: string) => {
    const now = Math.floor(deps.now().getTime() / 1000);
    const expiresInSeconds = deps.previewUrlSeconds - (now % EXPIRY_STEP_SECONDS);
    return absolute(await deps.storage.signedUrl(key, { expiresInSeconds }));
  };

  const itemOf = async (video: MrssVideoRow, licenseTitle: string): Promise<MrssItem> => {
    const seconds = video.duration ? parseIsoDuration(video.duration) : null;
    return {
      guid: `${APP_NAME.toLowerCase()}:video:${video.id}`,
      title: video.title,
      description: video.description,
      link: `${site}/videos/${video.id}`,
      published: video.created_at,
      keywords: video.keywords,
      creditName: video.user_name,
      licenseUrl: `${site}/videos/${video.id}/license`,
      licenseTitle,
      preview: {
        url: await signedPreview(video.preview_key!),
        type: contentTypeOf(video.preview_key!),
        durationSeconds: seconds === null ? null : Math.round(seconds),
        width: video.preview_width,
        height: video.preview_height,
        fileSize: video.preview_size_bytes === null ? null : Number(video.preview_size_bytes),
      },
      thumbnail: video.thumbnail
        ? { url: absolute(deps.storage.publicUrl(video.thumbnail)), ...THUMBNAIL_SIZE }
        : null,
    };
  };

  return {
    /**
     * The page after `cursor` of the feed a partner's file name (`<token>.xml`) opens; 404 for a revoked,
     * unknown or malformed one alike.
     */
    async document(file: string, cursor: string | undefined): Promise<MrssFeedPage> {
      const token = tokenOfFile(file);
      const feed = token ? await feeds.feedOfToken(hashFeedToken(token)) : undefined;
      if (!feed) throw notFound();
      const rows = await feeds.videos(feedVideoQuery(feed), {
        limit: MRSS_PAGE_SIZE,
        afterId: cursorAfter(cursor),
      });
      const { items: page, nextCursor } = pageOf(rows, MRSS_PAGE_SIZE, (video) => video);
      const t = textsIn(feed.language === 'el' ? 'el' : 'en');
      const address = `${site}${MRSS_PUBLIC_PREFIX}${file}`;
      // The content changed last when the feed was edited or its newest video arrived.
      const newest = page[0]?.created_at;
      const lastModified = newest && newest > feed.updated_at ? newest : feed.updated_at;
      const licenseTitle = t('mrss.feed.licenseTitle');
      const xml = await mrssDocument({
        title: `${APP_NAME}: ${feed.name}`,
        link: `${site}/`,
        description: t('mrss.feed.description', {
          app: APP_NAME,
          // The expiry is rounded down to a whole hour, so a URL works at least this long.
          count: Math.floor(deps.previewUrlSeconds / EXPIRY_STEP_SECONDS) - 1,
        }),
        language: feed.language,
        lastBuild: lastModified,
        selfUrl: cursor ? `${address}?cursor=${encodeURIComponent(cursor)}` : address,
        nextUrl: nextCursor ? `${address}?cursor=${nextCursor}` : null,
        items: await Promise.all(page.map((video) => itemOf(video, licenseTitle))),
      });
      const etag = `"${crypto.createHash('sha256').update(xml).digest('base64url').slice(0, 32)}"`;
      return { xml, etag, lastModified };
    },
  };
}
