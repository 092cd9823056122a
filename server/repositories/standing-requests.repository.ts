import { type Selectable, sql } from 'kysely';
import type { StandingRequestsTable } from '../db/schema';
import type { Executor } from './executor';
import { countOwnedLocked } from './member-caps';
import { type VideoCardRow, type VideoVisibility, videoCards, visibleVideos } from './videos.repository';

export type StandingRequestRow = Selectable<StandingRequestsTable> & {
  match_count: number;
  last_matched_at: Date | null;
};

/** What a standing request looks for and how it is told, as matching reads it (see the migration 0036). */
export interface StandingRequestValues {
  name: string;
  frequency: string;
  keywords: string[];
  keywords_normalized: string[];
  /** The one of them fewest videos have, which finds the request (migration 0040); null without keywords. */
  anchor_keyword: string | null;
  q: string;
  /** The words' tsquery as text, null without words; `lexemes` every lexeme of it. */
  words_query: string | null;
  lexemes: string[];
  near_lat: number | null;
  near_lng: number | null;
  radius_km: number | null;
  place_name: string;
  /** `(east,north),(west,south)`, null without a place. */
  area: string | null;
  shot_from: string | null;
  shot_to: string | null;
  license_type_id: string | null;
  max_price_cents: number | null;
  currency: string | null;
}

/** A member's own standing requests: every query is scoped to the owner's id. */
export function standingRequestsRepository(db: Executor) {
  const withCounts = () =>
    db
      .selectFrom('standing_requests')
      .selectAll('standing_requests')
      .select((eb) => [
        eb
          .selectFrom('standing_request_matches as m')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('m.standing_request_id', '=', 'standing_requests.id')
          .as('match_count'),
        eb
          .selectFrom('standing_request_matches as m')
          .select((sub) => sub.fn.max('m.matched_at').as('at'))
          .whereRef('m.standing_request_id', '=', 'standing_requests.id')
          .as('last_matched_at'),
      ]);

  return {
    async list(userId: string): Promise<StandingRequestRow[]> {
      const rows = await withCounts()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(counted);
    },

    async find(userId: string, id: string): Promise<StandingRequestRow | undefined> {
      const row = await withCounts().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return row && counted(row);
    },

    /** The request alone, whoever owns it (the unsubscribe link's signature says who may). */
    findAny: (id: string) =>
      db.selectFrom('standing_requests').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),

    /** The member's count against the cap, under the member's row lock (member-caps.ts). */
    countLocked: (userId: string) => countOwnedLocked(db, 'standing_requests', userId),

    async create(userId: string, values: StandingRequestValues, now: Date): Promise<string> {
      const row = await db
        .insertInto('standing_requests')
        .values({ ...columns(values), user_id: userId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Changes the owner's request; false when it is not theirs (or not there). */
    async update(
      userId: string,
      id: string,
      values: Partial<StandingRequestValues> & { paused?: boolean },
      now: Date,
    ): Promise<boolean> {
      const { words_query, ...rest } = values;
      const result = await db
        .updateTable('standing_requests')
        .set({
          ...rest,
          ...(words_query !== undefined && { words_query: tsquery(words_query) }),
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('standing_requests')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Pauses a request whoever owns it (the signed unsubscribe link). */
    async pause(id: string, now: Date): Promise<void> {
      await db
        .updateTable('standing_requests')
        .set({ paused: true, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * A page (one row more than asked) of the active requests of every member, newest first, with whether
     * a video of `viewerId` matched each: the demand board. Never the owner or the name.
     */
    demand(viewerId: string, page: { limit: number; afterId?: string }) {
      let query = db
        .selectFrom('standing_requests as r')
        .select([
          'r.id',
          'r.keywords',
          'r.q',
          'r.near_lat',
          'r.near_lng',
          'r.radius_km',
          'r.place_name',
          'r.shot_from',
          'r.shot_to',
          'r.license_type_id',
          'r.max_price_cents',
          'r.currency',
          'r.created_at',
        ])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('standing_request_matches as m')
                .innerJoin('videos as v', 'v.id', 'm.video_id')
                .select('m.video_id')
                .whereRef('m.standing_request_id', '=', 'r.id')
                .where('v.user_id', '=', viewerId),
            )
            .as('answered'),
        )
        .where('r.paused', '=', false);
      if (page.afterId) {
        query = query.where(
          sql<boolean>`(r.created_at, r.id) < (select a.created_at, a.id from standing_requests a where a.id = ${page.afterId})`,
        );
      }
      return query
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(page.limit + 1)
        .execute();
    },

    /**
     * A page (one row more than asked) of the videos a request matched that the viewer may still see,
     * newest match first; `after` is the last match's video id.
     */
    matches(
      requestId: string,
      page: { limit: number; afterVideoId?: string },
      visibility: VideoVisibility,
    ): Promise<Array<VideoCardRow & { matched_at: Date }>> {
      let query = videoCards(db)
        .innerJoin('standing_request_matches as m', 'm.video_id', 'videos.id')
        .select('m.matched_at')
        .where('m.standing_request_id', '=', requestId)
        .where(visibleVideos(visibility));
      if (page.afterVideoId) {
        query = query.where(
          sql<boolean>`(m.matched_at, m.video_id) < (select a.matched_at, a.video_id from standing_request_matches a
                        where a.standing_request_id = ${requestId} and a.video_id = ${page.afterVideoId})`,
        );
      }
      return query
        .orderBy('m.matched_at', 'desc')
        .orderBy('m.video_id', 'desc')
        .limit(page.limit + 1)
        .execute();
    },
  };
}

/** The columns of a write: the words' query cast to its type. */
function columns(values: StandingRequestValues) {
  return { ...values, words_query: tsquery(values.words_query) };
}

const tsquery = (text: string | null) => (text === null ? null : sql<string>`${text}::tsquery`);

function counted<Row extends { match_count: unknown; last_matched_at: unknown }>(row: Row) {
  return {
    ...row,
    match_count: Number(row.match_count ?? 0),
    last_matched_at: (row.last_matched_at as Date | null) ?? null,
  };
}
