import { isbot } from 'isbot';
import { utcDay as dayOf } from '../../../common/dates';
import type { CallerFacts } from '../../policies/caller';
import { isVideoStaff } from '../../policies/staff.policy';
import type { Executor } from '../../repositories/executor';
import { videoViewsRepository } from '../../repositories/video-views.repository';
import { oneAfterAnother } from './video-counting';

/**
 * Appearances of videos in search results (issue 35), as the search page reports the cards a person was
 * shown: never a bot's, staff's, or a member's own videos. Each instance adds them up in memory and
 * writes its batch every second (`flush`, also when the app closes): one statement for many pages,
 * and nothing another instance needs (a crash loses the last seconds' count, never a sale).
 */
export function searchAppearancesService(deps: { db: Executor; now: () => Date }) {
  const views = videoViewsRepository(deps.db);
  let day = dayOf(deps.now());
  let counts = new Map<string, number>();

  const inTurn = oneAfterAnother();
  function flush(): Promise<void> {
    const batch = { day, counts };
    counts = new Map();
    return inTurn(() => views.addAppearances(batch.day, batch.counts));
  }

  return {
    async count(viewer: CallerFacts | null, videoIds: readonly string[], userAgent: string): Promise<void> {
      if (isbot(userAgent) || isVideoStaff(viewer)) return;
      const own = viewer ? await views.ownedBy(viewer.id, videoIds) : new Set<string>();
      const today = dayOf(deps.now());
      // A batch belongs to one day: the day's turn writes what the last day gathered.
      if (today !== day) await flush();
      day = today;
      for (const videoId of new Set(videoIds))
        if (!own.has(videoId)) counts.set(videoId, (counts.get(videoId) ?? 0) + 1);
    },

    flush,
  };
}
