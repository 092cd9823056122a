import { sql } from 'kysely';
import type { Executor } from './executor';
import { distanceKm } from './geo-sql';

/** What matching reads of the video that became licensable. */
interface MatchedVideo {
  id: string;
  user_id: string;
  keywords_normalized: string[];
  lexemes: string[];
  shot_lat: number | null;
  shot_lng: number | null;
  date: string | null;
}

/** A standing request a new match was recorded for. */
export interface NewMatch {
  requestId: string;
  userId: string;
  name: string;
}

/** A request whose e-mail is due, under its row lock, with the matches it has not been told of by mail. */
export interface DueMail {
  id: string;
  name: string;
  email: string;
  language: string | null;
  videos: Array<{
    id: string;
    title: string;
    thumbnail: string | null;
    location: unknown;
    date: string | null;
  }>;
}

/** The videos that may be told of: these statuses, this privacy. */
export interface Licensable {
  statuses: readonly string[];
  privacy: string;
}

const HOUR_MS = 60 * 60 * 1000;
/** How long after its last e-mail a request may have the next: at once, an hour; daily, a day. */
const MAIL_GAP_MS = { instant: HOUR_MS, daily: 24 * HOUR_MS } as const;

/**
 * Standing requests against one video (migrations 0036, 0038 and 0040). The candidates are the requests
 * whose anchor keyword (the rarest of theirs) or one of whose anchor lexemes (those of their longest word)
 * the video has, or, for a request with only a place or only days, whose box or range holds it: each an index lookup that returns the columns the check reads, so the cost follows
 * the candidates, not the requests. Every candidate is then checked in full, as search would: every
 * keyword on the video or every word in its text, within the circle, within the days.
 */
function matchedRequests(v: MatchedVideo) {
  const { shot_lat: lat, shot_lng: lng, date } = v;
  const at = lat !== null && lng !== null;
  // A zero-sized box: GiST's box_ops answer `box @> box`, not `box @> point`. A box that crosses the
  // antimeridian is stored shifted by 360°, so the video's point is tried shifted too.
  const spot = (shift: number) => {
    const point = sql`point(${(lng ?? 0) + shift}::float8, ${lat ?? 0}::float8)`;
    return sql`area @> box(${point}, ${point})`;
  };
  const circle = { lat: sql`c.near_lat`, lng: sql`c.near_lng` };
  const columns = sql`id, user_id, name, anchor, keywords_normalized, words_query, near_lat, near_lng,
                      radius_km, shot_from, shot_to`;
  return sql<{ id: string; user_id: string; name: string }>`
    with candidates as (
      select ${columns} from standing_requests
        where not paused and anchor_keyword = any(${v.keywords_normalized}::text[])
      union all
      select ${columns} from standing_requests where not paused and lexemes && ${v.lexemes}::text[]
      union all
      select ${columns} from standing_requests
        where not paused and anchor = 'place' and ${at} and (${spot(0)} or ${spot(360)} or ${spot(-360)})
      union all
      select ${columns} from standing_requests
        where not paused and anchor = 'days' and shot_days @> ${date}::date
    )
    select distinct c.id, c.user_id, c.name from candidates c, videos v
    where v.id = ${v.id} and c.user_id <> v.user_id
      and (c.anchor <> 'text'
           or (cardinality(c.keywords_normalized) > 0 and v.keywords_normalized @> c.keywords_normalized)
           or (c.words_query is not null and v.search_vector @@ c.words_query))
      and (c.near_lat is null
           or (${at} and ${distanceKm({ lat: lat ?? 0, lng: lng ?? 0 }, circle)} <= c.radius_km))
      and (c.shot_from is null or v.date >= c.shot_from)
      and (c.shot_to is null or v.date <= c.shot_to)`;
}

const asMatch = (row: { id: string; user_id: string; name: string }): NewMatch => ({
  requestId: row.id,
  userId: row.user_id,
  name: row.name,
});

export function standingRequestMatchingRepository(db: Executor) {
  async function video(videoId: string, licensable: Licensable): Promise<MatchedVideo | undefined> {
    const { rows } = await sql<MatchedVideo>`
      select id, user_id, keywords_normalized, tsvector_to_array(search_vector) as lexemes, shot_lat, shot_lng, date
      from videos
      where id = ${videoId} and status = any(${licensable.statuses}::text[]) and privacy = ${licensable.privacy}`.execute(
      db,
    );
    return rows[0];
  }

  return {
    /** The active requests the video, when licensable, answers (not its owner's own); nothing written. */
    async findMatches(videoId: string, licensable: Licensable): Promise<NewMatch[]> {
      const v = await video(videoId, licensable);
      if (!v) return [];
      const { rows } = await matchedRequests(v).execute(db);
      return rows.map(asMatch);
    },

    /**
     * Records the video, when it is licensable, as a match of every active request it answers (not its
     * owner's own), once per request; the requests newly matched.
     */
    async recordMatches(videoId: string, licensable: Licensable, now: Date): Promise<NewMatch[]> {
      const v = await video(videoId, licensable);
      if (!v) return [];
      const { rows } = await sql<{ id: string; user_id: string; name: string }>`
        with matched as (${matchedRequests(v)}),
        recorded as (
          insert into standing_request_matches (standing_request_id, video_id, matched_at)
          select id, ${videoId}, ${now} from matched
          on conflict do nothing
          returning standing_request_id
        )
        select matched.id, matched.user_id, matched.name
        from matched join recorded on recorded.standing_request_id = matched.id`.execute(db);
      return rows.map(asMatch);
    },

    /**
     * The requests among `ids` (all, when undefined) whose e-mail is due at `now`: active, with matches
     * not mailed yet, and their last e-mail at least the gap of their frequency ago. Each is locked for
     * the transaction (`skip locked`: one instance mails it), with its owner's address and language and
     * the matched videos still licensable.
     */
    async lockDueMail(now: Date, licensable: Licensable, ids?: readonly string[]): Promise<DueMail[]> {
      if (ids && ids.length === 0) return [];
      const hourAgo = new Date(now.getTime() - MAIL_GAP_MS.instant);
      const dayAgo = new Date(now.getTime() - MAIL_GAP_MS.daily);
      let due = db
        .selectFrom('standing_requests as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.id', 'r.name', 'u.email', 'u.language'])
        .where('r.paused', '=', false)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('standing_request_matches as m')
              .select('m.video_id')
              .whereRef('m.standing_request_id', '=', 'r.id')
              .where('m.mailed_at', 'is', null),
          ),
        )
        .where((eb) =>
          eb.or([
            eb('r.last_mailed_at', 'is', null),
            eb.and([eb('r.frequency', '=', 'instant'), eb('r.last_mailed_at', '<=', hourAgo)]),
            eb.and([eb('r.frequency', '=', 'daily'), eb('r.last_mailed_at', '<=', dayAgo)]),
          ]),
        )
        .forUpdate('r')
        .skipLocked();
      if (ids) due = due.where('r.id', 'in', ids);
      const requests = await due.execute();
      if (requests.length === 0) return [];
      const videos = await db
        .selectFrom('standing_request_matches as m')
        .innerJoin('videos as v', 'v.id', 'm.video_id')
        .select(['m.standing_request_id', 'v.id', 'v.title', 'v.thumbnail', 'v.location', 'v.date'])
        .where(
          'm.standing_request_id',
          'in',
          requests.map((r) => r.id),
        )
        .where('m.mailed_at', 'is', null)
        .where('v.status', 'in', licensable.statuses)
        .where('v.privacy', '=', licensable.privacy)
        .orderBy('m.matched_at', 'desc')
        .execute();
      return requests.map((request) => ({
        ...request,
        videos: videos.filter((video) => video.standing_request_id === request.id),
      }));
    },

    async title(videoId: string): Promise<string | undefined> {
      const row = await db.selectFrom('videos').select('title').where('id', '=', videoId).executeTakeFirst();
      return row?.title;
    },

    /** The request's unmailed matches are in the e-mail that went at `now`. */
    async markMailed(requestId: string, now: Date): Promise<void> {
      await db
        .updateTable('standing_request_matches')
        .set({ mailed_at: now })
        .where('standing_request_id', '=', requestId)
        .where('mailed_at', 'is', null)
        .execute();
      await db
        .updateTable('standing_requests')
        .set({ last_mailed_at: now })
        .where('id', '=', requestId)
        .execute();
    },
  };
}
