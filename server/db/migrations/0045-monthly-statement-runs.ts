import { type Kysely, sql } from 'kysely';

/**
 * The monthly statements' mailing is tried every hour of the month's first three days, so that an instance
 * down at the first slot or a member's statement that failed is sent later: `monthly_statement_runs` holds
 * the months whose run reached every member, and the runs after it stop at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table monthly_statement_runs (
      month text primary key,
      finished_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table monthly_statement_runs`.execute(db);
}
