import { sql } from 'kysely';
import type { Executor } from './executor';

/** Whose videos a report covers: all of an owner's, or one of them. */
export interface AnalyticsScope {
  ownerId: string;
  videoId?: string;
}

/**
 * What creators' analytics read (issue 35): the daily counters of their videos, and the license requests
 * and ledger rows of their sales, from the first day of a period. Never who viewed or bought: a request
 * gives its dates and its billing country only.
 */
export function creatorAnalyticsRepository(db: Executor) {
  const videosOf = (scope: AnalyticsScope) => {
    let query = db.selectFrom('videos').select('videos.id').where('videos.user_id', '=', scope.ownerId);
    if (scope.videoId) query = query.where('videos.id', '=', scope.videoId);
    return query;
  };

  return {
    /** The owner's first video's creation, where "all time" starts. */
    async firstVideoAt(scope: AnalyticsScope): Promise<Date | null> {
      let query = db
        .selectFrom('videos')
        .select((eb) => eb.fn.min('videos.created_at').as('first'))
        .where('videos.user_id', '=', scope.ownerId);
      if (scope.videoId) query = query.where('videos.id', '=', scope.videoId);
      const row = await query.executeTakeFirst();
      return row?.first ? new Date(row.first) : null;
    },

    /**
     * The counters per video and day from `from` (YYYY-MM-DD): the daily totals and the marks the upkeep
     * has not added yet, read in one statement (one snapshot), so a view shows at once and never twice.
     */
    counters(scope: AnalyticsScope, from: string) {
      const untallied = db
        .selectFrom('video_view_marks as m')
        .select([
          'm.video_id',
          'm.day',
          sql<number>`(count(*) filter (where m.kind = 'view'))::int`.as('views'),
          sql<number>`(count(*) filter (where m.kind = 'open'))::int`.as('opens'),
          sql<number>`0`.as('appearances'),
        ])
        .where('m.counted', '=', false)
        .where('m.video_id', 'in', videosOf(scope))
        .where('m.day', '>=', from)
        .groupBy(['m.video_id', 'm.day']);
      return db
        .selectFrom('video_daily_stats as s')
        .select(['s.video_id', 's.day', 's.views', 's.opens', 's.appearances'])
        .where('s.video_id', 'in', videosOf(scope))
        .where('s.day', '>=', from)
        .unionAll(untallied)
        .execute();
    },

    /** Requests made, sales completed or refunded from `from`, with the buyer's billing country only. */
    requests(scope: AnalyticsScope, from: Date) {
      return db
        .selectFrom('license_requests as lr')
        .select([
          'lr.video_id',
          'lr.created_at',
          'lr.completed_at',
          'lr.refunded_at',
          sql<string | null>`lr.billing_address ->> 'country'`.as('country'),
        ])
        .where('lr.video_id', 'in', videosOf(scope))
        .where((eb) =>
          eb.or([
            eb('lr.created_at', '>=', from),
            eb('lr.completed_at', '>=', from),
            eb('lr.refunded_at', '>=', from),
          ]),
        )
        .execute();
    },

    /** The owner's ledger rows of their videos' sales (and the rows undoing them) from `from`. */
    earnings(scope: AnalyticsScope, from: Date) {
      return db
        .selectFrom('transactions as t')
        .innerJoin('license_requests as lr', 'lr.id', 't.license_request_id')
        .select([
          'lr.video_id',
          't.type',
          't.status',
          't.amount_cents',
          't.currency',
          't.reverses_id',
          't.created_at',
        ])
        .where('t.user_id', '=', scope.ownerId)
        .where('t.type', '=', 'video_license_sale')
        .where('lr.video_id', 'in', videosOf(scope))
        .where('t.created_at', '>=', from)
        .execute();
    },

    /** The searches that opened the videos' pages from `from`, most first (added up or not yet). */
    searchWords(scope: AnalyticsScope, from: string, limit: number) {
      const tallied = db
        .selectFrom('video_search_words as w')
        .select(['w.words', 'w.opens'])
        .where('w.video_id', 'in', videosOf(scope))
        .where('w.day', '>=', from);
      const untallied = db
        .selectFrom('video_view_marks as m')
        .select([sql<string>`m.search_words`.as('words'), sql<number>`1`.as('opens')])
        .where('m.counted', '=', false)
        .where('m.kind', '=', 'open')
        .where('m.search_words', 'is not', null)
        .where('m.video_id', 'in', videosOf(scope))
        .where('m.day', '>=', from);
      return db
        .selectFrom(tallied.unionAll(untallied).as('x'))
        .select(['x.words', (eb) => eb.fn.sum<number>('x.opens').as('opens')])
        .groupBy('x.words')
        .orderBy('opens', 'desc')
        .orderBy('x.words')
        .limit(limit)
        .execute();
    },

    /** Whether the video is the member's own. */
    async owns(ownerId: string, videoId: string): Promise<boolean> {
      const row = await db
        .selectFrom('videos')
        .select('id')
        .where('id', '=', videoId)
        .where('user_id', '=', ownerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Titles of the owner's videos. */
    titles(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('videos').select(['id', 'title']).where('id', 'in', ids).execute();
    },
  };
}
