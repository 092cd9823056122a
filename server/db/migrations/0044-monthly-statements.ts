import { type Kysely, sql } from 'kysely';

/**
 * The creators' monthly statement (issue 35). The mail outbox learns attachments (the statement's PDF,
 * `[{ filename, contentType, contentBase64 }]`), and `monthly_statements_sent` says whose statement of
 * which month is queued: its key, written in the transaction that queues the mail, lets a re-run or a
 * second instance of the monthly upkeep send nothing twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table mail_outbox add column attachments jsonb`.execute(db);
  await sql`
    create table monthly_statements_sent (
      user_id text not null references users (id) on delete cascade,
      month text not null,
      sent_at timestamptz not null default now(),
      primary key (user_id, month)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table monthly_statements_sent`.execute(db);
  await sql`alter table mail_outbox drop column if exists attachments`.execute(db);
}
