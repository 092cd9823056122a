import { sql } from 'kysely';
import type { Executor } from './executor';
import { visibleVideos } from './videos.repository';

/** A feed's filter as stored (keywords normalised). */
export interface MrssFeedValues {
  name: string;
  language: string;
  keywords: string[];
  categoryId: number | null;
  shotFrom: string | null;
  shotTo: string | null;
  licensableOnly: boolean;
}

/** Which videos a feed lists: its filter, over these statuses (the caller's visibility rule). */
export interface MrssVideoQuery {
  statuses: readonly string[];
  keywords: string[];
  categoryId: number | null;
  shotFrom: string | null;
  shotTo: string | null;
}

/** Media RSS feeds, their partners' tokens (hashed) and the videos a feed lists. */
export function mrssFeedsRepository(db: Executor) {
  const feedColumns = [
    'id',
    'name',
    'language',
    'keywords',
    'category_id',
    'shot_from',
    'shot_to',
    'licensable_only',
    'created_at',
    'updated_at',
  ] as const;
  const tokenColumns = ['id', 'feed_id', 'partner_name', 'created_at', 'issued_at', 'revoked_at'] as const;
  const row = (values: MrssFeedValues) => ({
    name: values.name,
    language: values.language,
    keywords: values.keywords,
    category_id: values.categoryId,
    shot_from: values.shotFrom,
    shot_to: values.shotTo,
    licensable_only: values.licensableOnly,
  });

  /** Publicly listed (by the caller's statuses), privacy public, with a ready preview, and the filter. */
  const matching = (query: MrssVideoQuery) => {
    let q = db
      .selectFrom('videos')
      .innerJoin('users', 'users.id', 'videos.user_id')
      .where(visibleVideos({ statuses: query.statuses, privacy: 'public' }))
      .where('videos.preview_status', '=', 'ready')
      .where('videos.preview_key', 'is not', null);
    if (query.keywords.length > 0)
      q = q.where(sql<boolean>`videos.keywords_normalized && ${query.keywords}::text[]`);
    if (query.categoryId !== null) q = q.where('videos.category_id', '=', query.categoryId);
    if (query.shotFrom) q = q.where('videos.date', '>=', query.shotFrom);
    if (query.shotTo) q = q.where('videos.date', '<=', query.shotTo);
    return q;
  };

  return {
    /** Feeds newest first, keyset-paged; one more than `limit`. `only`: just this feed. */
    list(options: { limit: number; afterId: string | null; only?: string }) {
      let query = db
        .selectFrom('mrss_feeds')
        .select(feedColumns)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit + 1);
      if (options.only) query = query.where('id', '=', options.only);
      if (options.afterId)
        query = query.where(
          sql<boolean>`(created_at, id) < (select f.created_at, f.id from mrss_feeds f where f.id = ${options.afterId})`,
        );
      return query.execute();
    },

    findById(id: string) {
      return db.selectFrom('mrss_feeds').select(feedColumns).where('id', '=', id).executeTakeFirst();
    },

    /** The row, locked until the transaction ends (edits and token changes of one feed in turn). */
    lockById(id: string) {
      return db
        .selectFrom('mrss_feeds')
        .select(feedColumns)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    insert(values: MrssFeedValues, createdBy: string) {
      return db
        .insertInto('mrss_feeds')
        .values({ ...row(values), created_by: createdBy })
        .returning(feedColumns)
        .executeTakeFirstOrThrow();
    },

    update(id: string, values: MrssFeedValues, now: Date) {
      return db
        .updateTable('mrss_feeds')
        .set({ ...row(values), updated_at: now })
        .where('id', '=', id)
        .returning(feedColumns)
        .executeTakeFirstOrThrow();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('mrss_feeds').where('id', '=', id).execute();
    },

    /** The partners of these feeds, oldest first. */
    tokensOf(feedIds: string[]) {
      if (feedIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('mrss_feed_tokens')
        .select(tokenColumns)
        .where('feed_id', 'in', feedIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    findToken(feedId: string, tokenId: string) {
      return db
        .selectFrom('mrss_feed_tokens')
        .select(tokenColumns)
        .where('feed_id', '=', feedId)
        .where('id', '=', tokenId)
        .executeTakeFirst();
    },

    insertToken(feedId: string, partnerName: string, tokenHash: string) {
      return db
        .insertInto('mrss_feed_tokens')
        .values({ feed_id: feedId, partner_name: partnerName, token_hash: tokenHash })
        .returning(tokenColumns)
        .executeTakeFirstOrThrow();
    },

    revokeToken(tokenId: string, now: Date) {
      return db
        .updateTable('mrss_feed_tokens')
        .set({ revoked_at: now })
        .where('id', '=', tokenId)
        .returning(tokenColumns)
        .executeTakeFirstOrThrow();
    },

    /** A new secret for the partner: the old URL stops working, a revoked one works again. */
    reissueToken(tokenId: string, tokenHash: string, now: Date) {
      return db
        .updateTable('mrss_feed_tokens')
        .set({ token_hash: tokenHash, issued_at: now, revoked_at: null })
        .where('id', '=', tokenId)
        .returning(tokenColumns)
        .executeTakeFirstOrThrow();
    },

    /** The feed a working (not revoked) token opens, or undefined. */
    feedOfToken(tokenHash: string) {
      return db
        .selectFrom('mrss_feed_tokens')
        .innerJoin('mrss_feeds', 'mrss_feeds.id', 'mrss_feed_tokens.feed_id')
        .select(feedColumns.map((column) => `mrss_feeds.${column}` as const))
        .where('mrss_feed_tokens.token_hash', '=', tokenHash)
        .where('mrss_feed_tokens.revoked_at', 'is', null)
        .executeTakeFirst();
    },

    /** The feed's videos, newest first, keyset-paged on (created_at, id); one more than `limit`. */
    videos(query: MrssVideoQuery, page: { limit: number; afterId: string | null }) {
      let q = matching(query)
        .select([
          'videos.id',
          'videos.title',
          'videos.description',
          'videos.keywords',
          'videos.thumbnail',
          'videos.duration',
          'videos.status',
          'videos.created_at',
          'videos.preview_key',
          'videos.preview_width',
          'videos.preview_height',
          'videos.preview_size_bytes',
          'users.name as user_name',
        ])
        .orderBy('videos.created_at', 'desc')
        .orderBy('videos.id', 'desc')
        .limit(page.limit + 1);
      if (page.afterId)
        q = q.where(
          sql<boolean>`(videos.created_at, videos.id) < (select v.created_at, v.id from videos v where v.id = ${page.afterId})`,
        );
      return q.execute();
    },

    async count(query: MrssVideoQuery): Promise<number> {
      const result = await matching(query)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(result.count);
    },
  };
}
export type MrssFeedRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof mrssFeedsRepository>['findById']>>
>;
export type MrssTokenRow = Awaited<ReturnType<ReturnType<typeof mrssFeedsRepository>['findToken']>> & object;
export type MrssVideoRow = Awaited<ReturnType<ReturnType<typeof mrssFeedsRepository>['videos']>>[number];
