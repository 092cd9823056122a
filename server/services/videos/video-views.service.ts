import crypto from 'node:crypto';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { utcDay as dayOf } from '../../../common/dates';
import type { EventBus } from '../../adapters/events/event-bus';
import { notFound } from '../../errors';
import type { CallerFacts } from '../../policies/caller';
import { canViewVideo, countsAsView } from '../../policies/video.policy';
import type { Executor } from '../../repositories/executor';
import {
  type MarkKind,
  type VideoVisibility,
  type ViewMark,
  videoViewsRepository,
} from '../../repositories/video-views.repository';
import { oneAfterAnother, searchWordsOf } from './video-counting';

/** How long a viewer's mark of a day is kept (it only has to outlive the day); the totals stay. */
const MARK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who the browser that played the preview is, as the address and browser it came from. */
export interface ViewingClient {
  address: string;
  userAgent: string;
}

/**
 * Who viewed, as the marks keep it: a member by their id; a visitor by a hash of the address and the
 * browser keyed with the app's secret and the day, so it changes every day and the address is never
 * stored (nor found again from the hash without the secret).
 */
function viewerKey(viewer: CallerFacts | null, client: ViewingClient, day: string, secret: string): string {
  if (viewer) return `u:${viewer.id}`;
  const hash = crypto.createHmac('sha256', secret).update(`${day}\n${client.address}\n${client.userAgent}`);
  return `v:${hash.digest('base64url').slice(0, 32)}`;
}

/** The most marks an instance holds before it writes them without waiting for its timer. */
const MOST_PENDING_MARKS = 2_000;
/** Videos whose owner and visibility an instance remembers, and for how long at most. */
const REMEMBERED_VIDEOS = 10_000;
const REMEMBERED_MS = 5_000;

/**
 * Views of a video's preview and opens of its page (issue 35): the player reports a view once it has
 * played 3 seconds, the page an open when it shows (with the search's words when a search led there).
 * Each counts once per viewer per video per day, never its owner's or staff's, never a bot's (by its
 * browser's name). A report costs one read: its mark waits in the instance's memory and is written with
 * the others of the last second in one statement (`flush`, run every second and when the app closes;
 * a crash loses that second's marks, nothing another instance needs). The upkeep adds the written marks
 * to the daily totals in batches.
 */
export function videoViewsService(deps: {
  db: Executor;
  secret: string;
  now: () => Date;
  /** Announces every write to a video on every instance (the public answers' notices). */
  changes: Pick<EventBus, 'onPublicChange'>;
}) {
  const views = videoViewsRepository(deps.db);
  let pending: ViewMark[] = [];
  // Who owns a video and who may see it, for a few seconds: a popular video's views read nothing. Any
  // write to a video, on any instance, forgets them all.
  const videos = new LRUCache<string, VideoVisibility | false>({
    max: REMEMBERED_VIDEOS,
    ttl: REMEMBERED_MS,
  });
  deps.changes.onPublicChange(() => videos.clear());
  async function visibility(videoId: string): Promise<VideoVisibility | undefined> {
    const known = videos.get(videoId);
    if (known !== undefined) return known || undefined;
    const row = await views.visibility(videoId);
    videos.set(videoId, row ?? false);
    return row;
  }

  const inTurn = oneAfterAnother();
  function flush(): Promise<number> {
    const batch = pending;
    pending = [];
    return inTurn(() => views.markAll(batch));
  }

  async function mark(
    kind: MarkKind,
    viewer: CallerFacts | null,
    videoId: string,
    client: ViewingClient,
    searchWords?: string,
  ): Promise<void> {
    const row = await visibility(videoId);
    if (!row || !canViewVideo(viewer, { userId: row.user_id, status: row.status, privacy: row.privacy }))
      throw notFound();
    if (!countsAsView(viewer, row.user_id) || isbot(client.userAgent)) return;
    const day = dayOf(deps.now());
    pending.push({
      videoId: row.id,
      day,
      kind,
      viewer: viewerKey(viewer, client, day, deps.secret),
      searchWords: searchWordsOf(searchWords),
    });
    if (pending.length >= MOST_PENDING_MARKS) await flush();
  }

  return {
    count: (viewer: CallerFacts | null, videoId: string, client: ViewingClient) =>
      mark('view', viewer, videoId, client),

    countOpen: (viewer: CallerFacts | null, videoId: string, client: ViewingClient, searchWords?: string) =>
      mark('open', viewer, videoId, client, searchWords),

    flush,

    /**
     * The upkeep's batch: this instance's waiting marks written, new marks into the daily totals, and
     * marks older than a month away.
     */
    async tally(): Promise<{ counted: number; forgotten: number }> {
      await flush();
      const counted = await views.tally();
      const forgotten = await views.forgetBefore(dayOf(new Date(deps.now().getTime() - MARK_DAYS * DAY_MS)));
      return { counted, forgotten };
    },
  };
}
