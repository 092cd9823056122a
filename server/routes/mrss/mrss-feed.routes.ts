import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_NAME, THUMBNAIL } from '../../../common/constants';
import { MRSS_PUBLIC_PREFIX, mrssPublicParams, mrssPublicQuery } from '../../../common/contracts/mrss';
import { parseIsoDuration } from '../../../common/duration';
import { contentTypeOf } from '../../adapters/storage/content-types';
import type { MrssVideoRow } from '../../repositories/mrss-feeds.repository';
import { textsIn } from '../../services/mail/mail-templates';
import { type MrssItem, mrssDocument } from '../../services/mrss/mrss-xml';
import { cursorAfter, encodeCursor } from '../../services/paging';
import { errorResponses } from '../responses';

/** Items per page of a feed; the channel's `atom:link rel="next"` leads to the next page. */
export const MRSS_PAGE_SIZE = 50;
/** Signed preview URLs expire on the hour, so a feed reads the same for an hour and caches well. */
const EXPIRY_STEP_SECONDS = 3600;

/**
 * The partners' Media RSS feed (issue 20): `GET /api/feeds/mrss/<token>.xml[?cursor=…]`. Under `/api/`,
 * so the web app's fallback leaves it alone and the page security headers do not apply. A revoked, unknown
 * or malformed token is the same 404. Lists the feed's publicly listed videos with a ready preview,
 * newest first; `media:content` is the watermarked preview (signed, valid for MRSS_PREVIEW_URL_SECONDS),
 * never the original, which is what partners license.
 */
export const mrssFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mrssFeeds } = app.services;
  const site = app.config.publicUrl.replace(/\/+$/, '');
  const absolute = (url: string) => (url.startsWith('/') ? `${site}${url}` : url);

  /** A preview URL valid for the configured time, ending on a whole hour (the same for an hour). */
  const signedPreview = async (key: string) => {
    const lifetime = app.config.mrssPreviewUrlSeconds;
    const now = Math.floor(app.clock().getTime() / 1000);
    const expiresInSeconds = lifetime - (now % EXPIRY_STEP_SECONDS);
    return absolute(await app.storage.signedUrl(key, { expiresInSeconds }));
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
        ? { url: absolute(app.storage.publicUrl(video.thumbnail)), ...THUMBNAIL_SIZE }
        : null,
    };
  };

  app.get(
    `${MRSS_PUBLIC_PREFIX}:file`,
    {
      // Partners poll; a script trying tokens is held back by the same limit.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['feeds'],
        summary: "A partner's Media RSS feed by its secret token (`<token>.xml`), newest first, paged",
        params: mrssPublicParams,
        querystring: mrssPublicQuery,
        response: {
          200: {
            description: 'RSS 2.0 with Media RSS',
            content: { 'application/rss+xml': { schema: z.any() } },
          },
          304: { description: 'Not modified', content: { 'application/rss+xml': { schema: z.any() } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const feed = await mrssFeeds.feedOfFile(request.params.file);
      const { cursor } = request.query;
      const rows = await mrssFeeds.videos(feed, { limit: MRSS_PAGE_SIZE, afterId: cursorAfter(cursor) });
      const page = rows.slice(0, MRSS_PAGE_SIZE);
      const last = page.at(-1);
      const t = textsIn(feed.language === 'el' ? 'el' : 'en');
      const selfUrl = `${site}${request.url.split('?')[0]}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
      const nextUrl =
        rows.length > MRSS_PAGE_SIZE && last
          ? `${site}${request.url.split('?')[0]}?cursor=${encodeCursor(last.id)}`
          : null;
      // The content changed last when the feed was edited or its newest video arrived.
      const newest = page[0]?.created_at;
      const lastBuild = newest && newest > feed.updated_at ? newest : feed.updated_at;
      const licenseTitle = t('mrss.feed.licenseTitle');
      const body = mrssDocument({
        title: `${APP_NAME}: ${feed.name}`,
        link: `${site}/`,
        description: t('mrss.feed.description', {
          app: APP_NAME,
          // The expiry is rounded down to a whole hour, so a URL works at least this long.
          count: Math.floor(app.config.mrssPreviewUrlSeconds / EXPIRY_STEP_SECONDS) - 1,
        }),
        language: feed.language,
        lastBuild,
        selfUrl,
        nextUrl,
        items: await Promise.all(page.map((video) => itemOf(video, licenseTitle))),
      });
      const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
      reply
        .header('cache-control', 'public, max-age=300')
        .header('etag', etag)
        .header('last-modified', lastBuild.toUTCString());
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('application/rss+xml; charset=utf-8').send(body);
    },
  );
};

const THUMBNAIL_SIZE = { width: THUMBNAIL.width, height: THUMBNAIL.height };
