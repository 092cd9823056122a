import { type Kysely, sql } from 'kysely';

/**
 * The rest of a video's counters (issue 35): page opens counted like views (a mark per viewer, kind and
 * day; an open from search results keeps the search's words, which the tally adds to the video's words of
 * the day), and appearances in search results (added in batches by each instance, no mark). The requests,
 * sales, refunds and earnings are read from their own rows, which are kept for good anyway.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table video_view_marks add column kind text not null default 'view'`.execute(db);
  await sql`alter table video_view_marks add column search_words text`.execute(db);
  await sql`alter table video_view_marks drop constraint video_view_marks_pkey`.execute(db);
  await sql`alter table video_view_marks add primary key (video_id, day, kind, viewer)`.execute(db);
  await sql`alter table video_daily_stats add column opens integer not null default 0`.execute(db);
  await sql`alter table video_daily_stats add column appearances integer not null default 0`.execute(db);
  await sql`
    create table video_search_words (
      video_id text not null references videos (id) on delete cascade,
      day date not null,
      words text not null,
      opens integer not null,
      primary key (video_id, day, words)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table video_search_words`.execute(db);
  await sql`alter table video_daily_stats drop column appearances`.execute(db);
  await sql`alter table video_daily_stats drop column opens`.execute(db);
  await sql`delete from video_view_marks where kind <> 'view'`.execute(db);
  await sql`alter table video_view_marks drop constraint video_view_marks_pkey`.execute(db);
  await sql`alter table video_view_marks add primary key (video_id, day, viewer)`.execute(db);
  await sql`alter table video_view_marks drop column search_words`.execute(db);
  await sql`alter table video_view_marks drop column kind`.execute(db);
}
