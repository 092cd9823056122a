import { normalizeKeyword } from '../../common/keywords';

/**
 * The columns search reads, derived from what the video shows (migration 0006): the keywords in their
 * normal form, and title and description folded the same way (no case, no accents, final sigma), over
 * which the database keeps the full-text vector. Every write of title, description or keywords must
 * spread these into the same insert or update, or search misses the change.
 */
export function searchColumns(video: { title: string; description: string; keywords: readonly string[] }) {
  return {
    keywords_normalized: [...new Set(video.keywords.map(normalizeKeyword).filter(Boolean))],
    title_folded: normalizeKeyword(video.title),
    description_folded: normalizeKeyword(video.description),
  };
}
