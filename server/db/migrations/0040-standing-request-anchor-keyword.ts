import { type Kysely, sql } from 'kysely';

/**
 * A standing request with keywords is found by one of them, the one fewest videos have
 * (`anchor_keyword`, chosen from `keyword_summary` when the request is saved), instead of by any of them:
 * a video must hold every keyword of the request to match, so one finds every candidate. Before, a video
 * with one of the most used keywords woke every request that named it beside rarer ones, thousands of
 * candidates the check then turned away (bench/README.md, standing requests). Counts change: an anchor
 * chosen earlier is still correct, only less sharp.
 *
 * The requests saved before get the rule here (the same as `anchorKeyword` in services/standing-requests,
 * kept as a copy: a migration imports no application code). The GIN index on all the keywords goes: the
 * anchor's B-tree replaces it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table standing_requests add column anchor_keyword text`.execute(db);
  await sql`
    update standing_requests r set anchor_keyword = (
      select k.keyword from unnest(r.keywords_normalized) as k(keyword)
        left join keyword_summary s on s.keyword = k.keyword
      order by coalesce(s.count, 0), k.keyword
      limit 1)
    where cardinality(keywords_normalized) > 0`.execute(db);
  await sql`create index standing_requests_anchor_keyword on standing_requests (anchor_keyword)
            where not paused and anchor_keyword is not null`.execute(db);
  await sql`drop index standing_requests_keywords`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index standing_requests_keywords on standing_requests using gin (keywords_normalized)
            with (fastupdate = off) where not paused`.execute(db);
  await sql`drop index standing_requests_anchor_keyword`.execute(db);
  await sql`alter table standing_requests drop column anchor_keyword`.execute(db);
}
