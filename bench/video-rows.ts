/**
 * Generated videos for the API benchmarks: 1,000 users and `count` videos in two statements, 80% in
 * public statuses and the rest hidden, their dates spread over a year.
 */
import { sql } from 'kysely';
import { PUBLIC_VIDEO_STATUSES } from '../common/video-status';
import type { Database } from '../server/db/connection';

const USERS = 1000;

export async function fillVideos(database: Database, count: number) {
  const started = Date.now();
  await sql`
    insert into users (id, name, email)
    select 'bench-user-' || n, 'Bench user ' || n, 'bench' || n || '@example.com'
    from generate_series(1, ${USERS}) as n`.execute(database.db);
  const statuses = [...PUBLIC_VIDEO_STATUSES, 'not_verified', 'declined', 'duplicate', 'archived'];
  // Indexes 0-4 are public; weights make 80% of the rows public.
  await sql`
    insert into videos (user_id, title, description, keywords, status, thumbnail, duration, path, created_at)
    select 'bench-user-' || (1 + n % ${USERS}),
           'Benchmark video number ' || n,
           'A generated video.',
           array['bench', 'k' || (n % 50)],
           (${sql.val(statuses)}::text[])[1 + case when n % 10 < 8 then n % 5 else 5 + n % 4 end],
           'video_thumbnails/' || n || '.jpg',
           'PT1M' || (n % 60) || 'S',
           'videos/' || n || '.mp4',
           now() - random() * interval '365 days'
    from generate_series(1, ${count}) as n`.execute(database.db);
  await sql`analyze`.execute(database.db);
  console.log(`filled ${count} videos in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
