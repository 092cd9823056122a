import crypto from 'node:crypto';
import { LIMITS } from '../../../common/constants';
import type {
  Collection,
  CollectionList,
  CollectionSummary,
  SharedCollection,
} from '../../../common/contracts/collections';
import type { Storage } from '../../adapters/storage/storage';
import { AppError, notFound } from '../../errors';
import type { CallerFacts } from '../../policies/caller';
import { canSeeReferrer } from '../../policies/staff.policy';
import { canViewVideo, listablePrivacy, listableStatuses } from '../../policies/video.policy';
import { type CollectionItemRow, collectionsRepository } from '../../repositories/collections.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import { videosRepository } from '../../repositories/videos.repository';
import { presentVideoCard } from '../videos/video-presenter';

/** Which clips a viewer sees: those they may see in a list (a clip made private since drops out). */
function visibilityOf(viewer: CallerFacts | null) {
  const statuses = listableStatuses(viewer, {});
  return { statuses: statuses === 'none' ? [] : statuses, privacy: listablePrivacy(viewer, {}) };
}

/**
 * A buyer's collections (issue 34): lightboxes of clips in their own order with a note each, shared
 * read-only by a secret link (random, 32 bytes) until revoked or replaced. Scoped to the owner: another
 * member's collection is not found; a clip the owner may not see cannot be put in.
 */
export function collectionsService(deps: { db: Executor; storage: Storage; now: () => Date }) {
  const collections = collectionsRepository(deps.db);

  const present = (viewer: CallerFacts | null) => (row: CollectionItemRow) => ({
    video: presentVideoCard(row, deps.storage, canSeeReferrer(viewer)),
    note: row.note,
    addedAt: row.added_at.toISOString(),
  });

  async function view(caller: CallerFacts, id: string): Promise<Collection> {
    const found = await collections.find(caller.id, id);
    if (!found) throw notFound();
    const items = await collections.items(id, visibilityOf(caller));
    return {
      id: found.id,
      name: found.name,
      shareToken: found.share_token,
      items: items.map(present(caller)),
      createdAt: found.created_at.toISOString(),
    };
  }

  /** Runs a change of the owner's collection under its row lock, then answers the collection. */
  async function changing(caller: CallerFacts, id: string, change: (trx: Executor) => Promise<void>) {
    await inTransaction(deps.db, async (trx) => {
      if (!(await collectionsRepository(trx).find(caller.id, id, true))) throw notFound();
      await change(trx);
    });
    return view(caller, id);
  }

  return {
    async list(userId: string, videoId?: string): Promise<CollectionList> {
      const rows = await collections.list(userId, videoId ?? null);
      return {
        items: rows.map(
          (row): CollectionSummary => ({
            id: row.id,
            name: row.name,
            itemCount: Number(row.item_count ?? 0),
            coverUrl: row.cover ? deps.storage.publicUrl(row.cover) : null,
            shared: row.share_token !== null,
            hasVideo: Boolean(row.has_video),
            createdAt: row.created_at.toISOString(),
          }),
        ),
      };
    },

    async create(userId: string, name: string): Promise<CollectionSummary> {
      const now = deps.now();
      const id = await inTransaction(deps.db, async (trx) => {
        const own = collectionsRepository(trx);
        if ((await own.countLocked(userId)) >= LIMITS.collectionsMax) {
          throw new AppError('COLLECTIONS_LIMIT', 409, { max: LIMITS.collectionsMax });
        }
        return own.create(userId, name, now);
      });
      const summary = { itemCount: 0, coverUrl: null, shared: false, hasVideo: false };
      return { id, name, ...summary, createdAt: now.toISOString() };
    },

    get: view,

    async rename(caller: CallerFacts, id: string, name: string): Promise<Collection> {
      if (!(await collections.update(caller.id, id, { name }, deps.now()))) throw notFound();
      return view(caller, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await collections.remove(userId, id))) throw notFound();
    },

    putItem: (caller: CallerFacts, id: string, videoId: string, note: string | undefined) =>
      changing(caller, id, async (trx) => {
        const video = await videosRepository(trx).findById(videoId);
        if (
          !video ||
          !canViewVideo(caller, { userId: video.user_id, status: video.status, privacy: video.privacy })
        ) {
          throw notFound();
        }
        const own = collectionsRepository(trx);
        const ids = await own.videoIds(id);
        if (!ids.includes(videoId) && ids.length >= LIMITS.collectionItemsMax) {
          throw new AppError('COLLECTION_FULL', 409, { max: LIMITS.collectionItemsMax });
        }
        await own.putItem(id, videoId, note, deps.now());
      }),

    removeItem: (caller: CallerFacts, id: string, videoId: string) =>
      changing(caller, id, (trx) => collectionsRepository(trx).removeItem(id, videoId)),

    reorder: (caller: CallerFacts, id: string, videoIds: string[]) =>
      changing(caller, id, async (trx) => {
        const own = collectionsRepository(trx);
        const current = await own.videoIds(id);
        const same =
          videoIds.length === current.length &&
          new Set(videoIds).size === videoIds.length &&
          videoIds.every((videoId) => current.includes(videoId));
        if (!same) {
          throw new AppError('VALIDATION_FAILED', 400, undefined, [
            { field: 'videoIds', message: 'collections.errors.orderMismatch' },
          ]);
        }
        await own.reorder(id, videoIds);
      }),

    /** A new secret link; the one before, if any, stops working. */
    async share(userId: string, id: string): Promise<{ shareToken: string }> {
      const shareToken = crypto.randomBytes(32).toString('base64url');
      if (!(await collections.update(userId, id, { share_token: shareToken }, deps.now()))) throw notFound();
      return { shareToken };
    },

    async unshare(userId: string, id: string): Promise<void> {
      if (!(await collections.update(userId, id, { share_token: null }, deps.now()))) throw notFound();
    },

    /** What the link shows anyone: the name, the clips a visitor may see (previews only) and the notes. */
    async shared(token: string): Promise<SharedCollection> {
      const found = await collections.findShared(token);
      if (!found) throw notFound();
      const items = await collections.items(found.id, visibilityOf(null));
      return { name: found.name, items: items.map(present(null)) };
    },
  };
}
