import { z } from 'zod';
import { VIDEO_STATUSES } from '../video-status';

export const videoCard = z.object({
  id: z.string(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  youtubeId: z.string().nullable(),
  duration: z.string().nullable(),
  status: z.enum(VIDEO_STATUSES),
  /** Why processing could not use the file ('NOT_A_VIDEO'); shown to the owner instead of the status. */
  processingError: z.string().nullable(),
  createdAt: z.string(),
  user: z.object({ id: z.string(), name: z.string() }),
});
export type VideoCard = z.infer<typeof videoCard>;

export const videoListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(48).default(12),
  cursor: z.string().max(200).optional(),
  /** One user's videos: all of them for the owner, the public ones for anyone else. */
  userId: z.string().min(1).max(64).optional(),
});

export const videoListResponse = z.object({
  items: z.array(videoCard),
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type VideoListResponse = z.infer<typeof videoListResponse>;
