import { type Kysely, sql } from 'kysely';

/** Billing addresses (SPEC 3): a user's own, several, one of them the default. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_addresses')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('contact_email', 'text', (col) => col.notNull())
    .addColumn('contact_phone', 'text', (col) => col.notNull())
    .addColumn('vat_number', 'text')
    .addColumn('is_default', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('billing_addresses_user_idx')
    .on('billing_addresses')
    .columns(['user_id', 'created_at'])
    .execute();
  // At most one default per user, whatever two requests do at once.
  await sql`create unique index billing_addresses_one_default on billing_addresses (user_id) where is_default`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_addresses').execute();
}
