import { type Kysely, sql } from 'kysely';

/**
 * Account verification (SPEC 3, 4.5): the verified phone number, the private account and public
 * profile records, username aliases, one-time codes, and the logs that the sending limits count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Only a verified number is ever stored, so "phone present" is "phone verified".
  await db.schema
    .alterTable('users')
    .addColumn('phone_number', 'text', (col) => col.unique())
    .execute();

  await db.schema
    .createTable('user_accounts')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('guest'))
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('instagram', 'text')
    .addColumn('is_business_account', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('company_name', 'text')
    .addColumn('is_policy_agreed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_age_restriction_agreed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('cover_image', 'text')
    .addColumn('is_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // The primary key is what makes a username unique, even under simultaneous saves.
  await db.schema
    .createTable('user_aliases')
    .addColumn('alias', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sends', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('verification_codes_pk', ['user_id', 'channel'])
    .execute();

  await db.schema
    .createTable('email_updates')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('email_updates_user_idx')
    .on('email_updates')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('sms_sends')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sms_sends_phone_idx')
    .on('sms_sends')
    .columns(['phone_number', 'created_at'])
    .execute();
  await db.schema.createIndex('sms_sends_ip_idx').on('sms_sends').columns(['ip', 'created_at']).execute();

  // Solved captcha challenges, so one solution cannot be replayed before it expires.
  await db.schema
    .createTable('captcha_uses')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'captcha_uses',
    'sms_sends',
    'email_updates',
    'verification_codes',
    'user_aliases',
    'user_profiles',
    'user_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('phone_number').execute();
}
