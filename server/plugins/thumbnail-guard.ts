import { posix } from 'node:path';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import { canViewVideo } from '../policies/video.policy';
import type { Executor } from '../repositories/executor';
import { usersRepository } from '../repositories/users.repository';
import { videoThumbnailsRepository } from '../repositories/video-thumbnails.repository';
import type { Auth } from './auth';
import { requestPaths } from './request-paths';

/** The JPEG, or one of its WebP card sizes (adapters/media/thumbnail-variants.ts). */
const THUMBNAIL = /^\/files\/video_thumbnails\/([A-Za-z0-9-]+)(?:\.jpg|\.w\d+\.webp)$/;

/** Thumbnails answered to their owner or staff only: `files` caching must keep them out of shared caches. */
const privateThumbnails = new WeakSet<FastifyRequest>();
export const isPrivateThumbnail = (request: FastifyRequest) => privateThumbnails.has(request);

/**
 * A video's thumbnail (`/files/video_thumbnails/{id}.jpg` and its WebP sizes, public files on local disk)
 * is seen by whoever may see the video: anyone for a public status that is not private, else only its
 * owner and staff (the video policy). A public one costs one lookup by primary key and stays cacheable
 * for everyone; only a hidden one asks who is calling. Anything else under the folder, or a thumbnail the
 * video no longer names, is 404. (Files in an S3 bucket are the bucket's to serve; see README.)
 */
export function registerThumbnailGuard(app: FastifyInstance, deps: { auth: Auth; db: Executor }) {
  const thumbnails = videoThumbnailsRepository(deps.db);
  const users = usersRepository(deps.db);

  app.addHook('onRequest', async (request) => {
    // Normalised, so `/files/avatars/../video_thumbnails/x.jpg` is judged as the thumbnail it opens.
    const path = posix.normalize(requestPaths(request)[0] ?? '/');
    if (!path.startsWith('/files/video_thumbnails/')) return;
    const match = THUMBNAIL.exec(path);
    const video = match && (await thumbnails.findByThumbnail(match[1]!, `video_thumbnails/${match[1]}.jpg`));
    if (!video) throw notFound();
    const subject = { userId: video.user_id, status: video.status, privacy: video.privacy };
    if (canViewVideo(null, subject)) return; // anyone may: no session needed
    if (canViewVideo(await viewerOf(request), subject)) {
      privateThumbnails.add(request);
      return;
    }
    throw notFound(); // as the video page answers: it does not exist for this caller
  });

  /** The caller's id and rights from the session cookie, only for the rare hidden thumbnail. */
  async function viewerOf(request: FastifyRequest) {
    if (!request.headers.cookie) return null;
    const session = await deps.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    const standing = session && (await users.findStanding(session.user.id));
    // Seeing a video does not depend on being verified.
    return standing ? { id: standing.id, rights: standing.rights, verified: false } : null;
  }
}
