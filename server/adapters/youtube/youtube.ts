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
  /** The original file from this byte on, streamed from storage: never whole in memory. */
  open(start: number): Promise<Readable>;
}

/**
 * Where an upload's resumable session is kept between attempts (on the video's row). An attempt that
 * died after YouTube had the bytes finds the finished video there instead of uploading it twice, and
 * one that broke half-way sends only the rest.
 */
export interface UploadSession {
  /** The session address an earlier attempt opened, if any. */
  address: string | null;
  /** Keeps a new session's address, before any byte is sent. */
  keep(address: string): Promise<void>;
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
  /** Uploads a video to the channel (or finishes an earlier attempt); its YouTube id. Throws YouTubeError. */
  upload(video: YouTubeVideo, session: UploadSession): Promise<{ youtubeId: string }>;
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
