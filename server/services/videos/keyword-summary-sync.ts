import { isPubliclyListed } from '../../policies/video.policy';
import type { Executor } from '../../repositories/executor';
import { keywordSummaryRepository } from '../../repositories/keyword-summary.repository';

/** What the keyword summary needs to know of a video at one moment; null when there is no video. */
export interface ListedVideoState {
  keywords: readonly string[];
  status: string;
  privacy?: string | null;
}

const sameKeywords = (a: readonly string[], b: readonly string[]) => a.join('\n') === b.join('\n');

/**
 * Keeps the keyword summary to the keywords of publicly listed videos: given a video before and after a
 * write (null: not there), takes back the old keywords if they counted and counts the new ones if they
 * count. Call it in the same transaction as the write, with the old state read under a row lock.
 */
export async function syncKeywordSummary(
  db: Executor,
  before: ListedVideoState | null,
  after: ListedVideoState | null,
): Promise<void> {
  const counted = before !== null && isPubliclyListed(before);
  const counts = after !== null && isPubliclyListed(after);
  if (counted && counts && sameKeywords(before.keywords, after.keywords)) return;
  const summary = keywordSummaryRepository(db);
  if (counted) await summary.change(before.keywords, -1);
  if (counts) await summary.change(after.keywords, 1);
}
