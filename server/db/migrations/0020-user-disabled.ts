import { type Kysely, sql } from 'kysely';

/**
 * An admin can disable an account (SPEC 8.2 `user-disabled`): `disabled_at` is set while it is disabled.
 * Sign-in refuses such a user and every request refuses their sessions; their videos stay as they are.
 * The partial index keeps the admins' own rows quick to find and lock (the last-admin rule).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'timestamptz').execute();
  await sql`create index users_admins_idx on users (id) where 'admin' = any(rights)`.execute(db);
  await sql`create index users_created_idx on users (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_created_idx`.execute(db);
  await sql`drop index users_admins_idx`.execute(db);
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
