import { sql } from 'kysely';
import type { Executor } from './executor';
import { countOwnedLocked } from './member-caps';
import { type VideoCardRow, type VideoVisibility, videoCards, visibleVideos } from './videos.repository';

/** A member's collections and their clips (migration 0037): every query of the owner's is scoped to them. */
export function collectionsRepository(db: Executor) {
  return {
    /** Newest first, with the count of clips, the first clip's thumbnail and whether `videoId` is in each. */
    list(userId: string, videoId: string | null) {
      return db
        .selectFrom('collections as c')
        .select(['c.id', 'c.name', 'c.share_token', 'c.created_at'])
        .select((eb) => [
          eb
            .selectFrom('collection_items as i')
            .select((sub) => sub.fn.countAll<number>().as('n'))
            .whereRef('i.collection_id', '=', 'c.id')
            .as('item_count'),
          eb
            .selectFrom('collection_items as i')
            .innerJoin('videos as v', 'v.id', 'i.video_id')
            .select('v.thumbnail')
            .whereRef('i.collection_id', '=', 'c.id')
            .orderBy('i.position')
            .limit(1)
            .as('cover'),
          eb
            .exists(
              eb
                .selectFrom('collection_items as i')
                .select('i.video_id')
                .whereRef('i.collection_id', '=', 'c.id')
                .where('i.video_id', '=', videoId ?? ''),
            )
            .as('has_video'),
        ])
        .where('c.user_id', '=', userId)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .execute();
    },

    /** The member's count against the cap, under the member's row lock (member-caps.ts). */
    countLocked: (userId: string) => countOwnedLocked(db, 'collections', userId),

    async create(userId: string, name: string, now: Date): Promise<string> {
      const row = await db
        .insertInto('collections')
        .values({ user_id: userId, name, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The owner's collection, locked for the transaction when `lock` (a change of its clips). */
    find(userId: string, id: string, lock = false) {
      const query = db
        .selectFrom('collections')
        .select(['id', 'name', 'share_token', 'created_at'])
        .where('user_id', '=', userId)
        .where('id', '=', id);
      return (lock ? query.forUpdate() : query).executeTakeFirst();
    },

    findShared: (token: string) =>
      db.selectFrom('collections').select(['id', 'name']).where('share_token', '=', token).executeTakeFirst(),

    async update(
      userId: string,
      id: string,
      values: { name?: string; share_token?: string | null },
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('collections')
        .set({ ...values, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('collections')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The clips the viewer may see, in the collection's order. */
    items(collectionId: string, visibility: VideoVisibility): Promise<Array<CollectionItemRow>> {
      return videoCards(db)
        .innerJoin('collection_items as i', 'i.video_id', 'videos.id')
        .select(['i.note', 'i.added_at'])
        .where('i.collection_id', '=', collectionId)
        .where(visibleVideos(visibility))
        .orderBy('i.position')
        .execute();
    },

    /** Every clip's id, in order, whoever may see it. */
    async videoIds(collectionId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('collection_items')
        .select('video_id')
        .where('collection_id', '=', collectionId)
        .orderBy('position')
        .execute();
      return rows.map((row) => row.video_id);
    },

    /** Puts the clip last, or, when it is there, changes its note (if one is given). */
    async putItem(collectionId: string, videoId: string, note: string | undefined, now: Date): Promise<void> {
      await db
        .insertInto('collection_items')
        .values({
          collection_id: collectionId,
          video_id: videoId,
          note: note ?? '',
          added_at: now,
          position: sql<number>`(select coalesce(max(position) + 1, 0) from collection_items
                                 where collection_id = ${collectionId})`,
        })
        .onConflict((oc) =>
          oc
            .columns(['collection_id', 'video_id'])
            .doUpdateSet(note === undefined ? { video_id: videoId } : { note }),
        )
        .execute();
    },

    async removeItem(collectionId: string, videoId: string): Promise<void> {
      await db
        .deleteFrom('collection_items')
        .where('collection_id', '=', collectionId)
        .where('video_id', '=', videoId)
        .execute();
    },

    /** Numbers the clips in the given order (the service checked it names every clip once). */
    async reorder(collectionId: string, videoIds: readonly string[]): Promise<void> {
      await sql`
        update collection_items set position = given.n - 1
        from unnest(${videoIds}::text[]) with ordinality as given(video_id, n)
        where collection_items.collection_id = ${collectionId} and collection_items.video_id = given.video_id`.execute(
        db,
      );
    },
  };
}

export type CollectionItemRow = VideoCardRow & { note: string; added_at: Date };
