import type { Executor } from './executor';

/** Requests for several clips at once (migration 0039); the clips are license requests with `bundle_id`. */
export function licenseBundlesRepository(db: Executor) {
  return {
    async create(buyerId: string, collectionId: string | null, now: Date): Promise<string> {
      const row = await db
        .insertInto('license_bundles')
        .values({ buyer_id: buyerId, collection_id: collectionId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    find(id: string) {
      return db
        .selectFrom('license_bundles')
        .select(['id', 'buyer_id', 'collection_id', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}
