import { type Kysely, sql } from 'kysely';

/**
 * Search by where and when a video was filmed (issue 34). The point is the marker the creator placed, or
 * else the point the geocoder found for the address (the `location` jsonb, SPEC 3 "Location value"),
 * kept as two numbers the database writes itself, so that a place filter reads a range of one index:
 * the latitudes of the circle's bounding box, the longitudes checked inside the index, the exact
 * distance on the few rows left. The shooting day (`date`) gets an index for the date range.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const axis of ['lat', 'lng'] as const) {
    await sql`
      alter table videos add column ${sql.raw(`shot_${axis}`)} double precision generated always as (
        coalesce(location -> 'coordinates' ->> ${sql.lit(axis)},
                 location -> 'addressCoordinates' ->> ${sql.lit(axis)})::double precision
      ) stored`.execute(db);
  }
  await sql`create index videos_shot_place on videos (shot_lat, shot_lng) where shot_lat is not null`.execute(
    db,
  );
  await sql`create index videos_shot_date on videos (date) where date is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists videos_shot_date`.execute(db);
  await sql`drop index if exists videos_shot_place`.execute(db);
  await sql`alter table videos drop column if exists shot_lng, drop column if exists shot_lat`.execute(db);
}
