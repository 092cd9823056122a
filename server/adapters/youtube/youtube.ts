import type { Readable } from 'node:stream';

/** What is sent to YouTube with a video (the snippet and status of videos.insert). */
export interface YouTubeVideo {
  title: string;
  description: string;
  /** The video's keywords. */
  tags: string[];
  /** YouTube's category id (common/categories.ts uses the same ids). */
  categoryId: number;
  privacy: 'public' | 'private' | 'unlisted';
  contentType: string;
  sizeBytes: number;
  /** The original file, streamed from storage: never whole in memory. */
  body: Readable;
}

/** A YouTube copy that is gone: its id and why (YouTube's reason, or 'deleted' when it has no such video). */
export interface RemovedVideo {
  youtubeId: string;
  reason: string;
}

/**
 * The platform's YouTube channel (issue 21). The production driver (`youtube-http.ts`) speaks the YouTube
 * Data API v3 over plain HTTP; tests point it at a local stand-in by its base URLs.
 */
export interface YouTubeChannel {
  /** Uploads a video to the channel; its new YouTube id. Throws YouTubeError. */
  upload(video: YouTubeVideo): Promise<{ youtubeId: string }>;
  /** Of these YouTube ids, the ones the channel no longer shows (deleted, rejected or failed). */
  removed(youtubeIds: readonly string[]): Promise<RemovedVideo[]>;
}

/**
 * A failed call. `retryable`: worth trying again later (a 5xx, a rate or quota limit, the network);
 * otherwise final (a refused credential, a video YouTube will not take). `reason` is short and shown to staff.
 */
export class YouTubeError extends Error {
  constructor(
    readonly reason: string,
    readonly retryable: boolean,
  ) {
    super(`YouTube: ${reason}`);
    this.name = 'YouTubeError';
  }
}
