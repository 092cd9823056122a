import { type RefObject, useEffect, useRef } from 'react';
import { videoEndpoints } from '../../common/endpoints/videos';
import { call } from '../lib/api-client';

/** How long a preview must have played before it is a view (issue 35). */
export const VIEW_AFTER_SECONDS = 3;

/**
 * Reports one view of the video once the player has played it for `VIEW_AFTER_SECONDS` seconds in all
 * (what was played, not where the play head is: a seek does not count), once per video the page shows.
 * The server decides whether it counts (once a day per viewer, never the owner's, staff's or a bot's).
 * `source`: the file the element plays; the element exists once there is one.
 */
export function useViewReport(
  element: RefObject<HTMLVideoElement | null>,
  videoId: string,
  source: string | null | undefined,
): void {
  const played = useRef({ videoId, seconds: 0, reported: false });
  useEffect(() => {
    const video = element.current;
    if (!video || !source) return;
    if (played.current.videoId !== videoId) played.current = { videoId, seconds: 0, reported: false };
    const tally = played.current;
    let last: number | null = null;
    const onTime = () => {
      const now = video.currentTime;
      // Only small forward steps are playing; a jump is a seek.
      if (last !== null && !video.paused && now > last && now - last < 1) tally.seconds += now - last;
      last = now;
      if (!tally.reported && tally.seconds >= VIEW_AFTER_SECONDS) {
        tally.reported = true;
        void call(videoEndpoints.countView, { params: { videoId } }).catch(() => undefined);
      }
    };
    const onSeek = () => {
      last = video.currentTime;
    };
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('seeking', onSeek);
    return () => {
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('seeking', onSeek);
    };
  }, [element, videoId, source]);
}

/**
 * The last page of search results this tab showed: its words and its cards, so opening one of those
 * videos tells its creator which search led there (nothing is kept beyond the tab).
 */
let lastSearch: { words: string; videoIds: Set<string> } | null = null;

/** A page of search results was shown: an appearance of each card, and the trail an open follows. */
export function reportSearchResults(words: string, videoIds: string[]): void {
  if (videoIds.length === 0) return;
  if (lastSearch?.words !== words) lastSearch = { words, videoIds: new Set() };
  for (const id of videoIds) lastSearch.videoIds.add(id);
  void call(videoEndpoints.countAppearances, { body: { videoIds } }).catch(() => undefined);
}

/** Reports the video page's open, once per video the page shows, with the search that led there if any. */
export function useOpenReport(videoId: string | undefined): void {
  useEffect(() => {
    if (!videoId) return;
    const searchWords = lastSearch?.videoIds.has(videoId) ? lastSearch.words : undefined;
    void call(videoEndpoints.countOpen, { params: { videoId }, body: { searchWords } }).catch(
      () => undefined,
    );
  }, [videoId]);
}
