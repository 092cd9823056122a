import { type Kysely, sql } from 'kysely';

/**
 * Views counted honestly (issue 35): a mark per viewer, video and day, so a second view that day counts
 * for nothing, and each video's totals per day, which the upkeep adds the new marks to in batches (one
 * statement a minute, not a write of the totals per view). Marks go after 30 days; the totals stay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table video_view_marks (
      video_id text not null references videos (id) on delete cascade,
      day date not null,
      viewer text not null,
      counted boolean not null default false,
      primary key (video_id, day, viewer)
    )`.execute(db);
  await sql`create index video_view_marks_new on video_view_marks (video_id) where not counted`.execute(db);
  await sql`create index video_view_marks_day on video_view_marks (day)`.execute(db);
  await sql`
    create table video_daily_stats (
      video_id text not null references videos (id) on delete cascade,
      day date not null,
      views integer not null default 0,
      primary key (video_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table video_daily_stats`.execute(db);
  await sql`drop table video_view_marks`.execute(db);
}
