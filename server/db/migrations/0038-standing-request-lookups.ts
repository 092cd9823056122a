import { type Kysely, sql } from 'kysely';

/**
 * Cheaper lookups of standing requests (bench/README.md, standing requests):
 *
 * - A request's `lexemes` are those of one of its words only, the one whose shortest form is longest
 *   (`anchorLexemes` of services/standing-requests): a video must hold a form of every word to match, so one
 *   word finds every candidate, and a rarer one wakes far fewer requests than all of them did. The rule
 *   applied here to the requests saved before, as that function applies it (kept as a copy: a migration
 *   imports no application code).
 * - The GIN indexes write through (no pending list): with it, every match of a new video read the list of
 *   entries not merged yet, which a bulk of new requests made ten times slower until a vacuum ran.
 *   Requests are saved rarely and read on every video that becomes licensable.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update standing_requests r set lexemes = coalesce((
      select forms from (
        select w.n, array(select distinct m[1] from regexp_matches(w.word, '''([^'']+)''', 'g') m) as forms
        from unnest(string_to_array(r.words_query::text, ' & ')) with ordinality as w(word, n)) each
      where cardinality(forms) > 0
      order by (select min(length(f)) from unnest(forms) f) desc, n
      limit 1), '{}')
    where words_query is not null`.execute(db);
  await sql`alter index standing_requests_keywords set (fastupdate = off)`.execute(db);
  await sql`alter index standing_requests_lexemes set (fastupdate = off)`.execute(db);
  // What waits in the lists now is merged at once, not at the next vacuum.
  await sql`select gin_clean_pending_list('standing_requests_keywords'::regclass),
                   gin_clean_pending_list('standing_requests_lexemes'::regclass)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter index standing_requests_keywords reset (fastupdate)`.execute(db);
  await sql`alter index standing_requests_lexemes reset (fastupdate)`.execute(db);
}
