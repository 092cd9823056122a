import { type Kysely, sql } from 'kysely';

/**
 * Licensing and the ledger (SPEC 3 "License request", "Transaction"; 4.2; 4.3; DESIGN "Domain rules"):
 * app settings, licence types, licence requests with their conversation, the ledger, and the payment
 * provider's events (kept so a replayed webhook is recognised).
 *
 * Money is integer cents with a currency. A request keeps copies of what it was made under (the type's
 * names, the billing address, the creator share and referral percentage), so a later settings change
 * or address edit never rewrites a submitted or paid request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per setting; values are JSON, validated by the settings contract on write.
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  const defaults: Record<string, unknown> = {
    currency: 'EUR',
    creator_share_percent: 50,
    referral_bonus_percent: 10,
    withdrawal_minimum_cents: 5000,
    withdrawal_delay_days: 30,
    refund_window_days: 14,
  };
  for (const [key, value] of Object.entries(defaults)) {
    await db
      .insertInto('app_settings')
      .values({ key, value: JSON.stringify(value) })
      .execute();
  }

  await db.schema
    .createTable('license_types')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('name_el', 'text', (col) => col.notNull())
    .addColumn('description_en', 'text', (col) => col.notNull())
    .addColumn('description_el', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) =>
      col.notNull().check(sql`scope in ('editorial_web', 'editorial_broadcast', 'commercial')`),
    )
    // null: "price by request"
    .addColumn('price_cents', 'integer', (col) => col.check(sql`price_cents is null or price_cents > 0`))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  const types = [
    {
      name_en: 'Editorial: web and social',
      name_el: 'Ειδησεογραφική: διαδίκτυο και μέσα κοινωνικής δικτύωσης',
      description_en: 'News and editorial use on one website and its social media accounts.',
      description_el:
        'Ειδησεογραφική χρήση σε έναν ιστότοπο και στους λογαριασμούς του στα μέσα κοινωνικής δικτύωσης.',
      scope: 'editorial_web',
      price_cents: 4900,
      position: 1,
    },
    {
      name_en: 'Editorial: broadcast',
      name_el: 'Ειδησεογραφική: τηλεοπτική μετάδοση',
      description_en: 'News and editorial use on television, including its website and social media.',
      description_el:
        'Ειδησεογραφική χρήση στην τηλεόραση, μαζί με τον ιστότοπο και τα μέσα κοινωνικής δικτύωσης του σταθμού.',
      scope: 'editorial_broadcast',
      price_cents: 14900,
      position: 2,
    },
    {
      name_en: 'Commercial',
      name_el: 'Εμπορική',
      description_en: 'Advertising, brand and other commercial use. Priced for each project.',
      description_el:
        'Διαφήμιση, προβολή επωνυμίας και κάθε άλλη εμπορική χρήση. Η τιμή ορίζεται για κάθε έργο.',
      scope: 'commercial',
      price_cents: null,
      position: 3,
    },
  ];
  await db.insertInto('license_types').values(types).execute();

  await db.schema
    .createTable('license_requests')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('restrict'))
    .addColumn('buyer_id', 'text', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('license_type_id', 'text', (col) =>
      col.notNull().references('license_types.id').onDelete('restrict'),
    )
    // The type as the buyer saw it: { name_en, name_el, description_en, description_el, scope }
    .addColumn('license_type_snapshot', 'jsonb', (col) => col.notNull())
    .addColumn('usage', 'text', (col) => col.notNull())
    // The billing address as it was when submitted (a copy, not a link)
    .addColumn('billing_address', 'jsonb', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .check(sql`status in ('open', 'awaiting_payment', 'processing_payment', 'completed', 'cancelled')`),
    )
    // null until priced (fixed-price types are priced at creation, by-request ones when quoted)
    .addColumn('price_cents', 'integer', (col) => col.check(sql`price_cents is null or price_cents > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('creator_share_percent', 'integer', (col) =>
      col.notNull().check(sql`creator_share_percent between 0 and 100`),
    )
    .addColumn('referral_bonus_percent', 'integer', (col) =>
      col.notNull().check(sql`referral_bonus_percent between 0 and 100`),
    )
    .addColumn('quoted_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('quoted_at', 'timestamptz')
    .addColumn('payment_provider', 'text')
    .addColumn('checkout_session_id', 'text')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('cancelled_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index license_requests_buyer_idx on license_requests (buyer_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index license_requests_status_idx on license_requests (status, created_at, id)`.execute(
    db,
  );
  await sql`create index license_requests_video_idx on license_requests (video_id)`.execute(db);
  await sql`create unique index license_requests_checkout_session on license_requests (payment_provider, checkout_session_id) where checkout_session_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('license_messages')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('license_request_id', 'text', (col) =>
      col.notNull().references('license_requests.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index license_messages_request_idx on license_messages (license_request_id, created_at, id)`.execute(
    db,
  );

  // The ledger. amount_cents is always positive; the type says which way the money goes.
  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('type', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`type in ('income_transfer', 'outgoing_transfer', 'balance_top_up', 'video_license_purchase', 'video_license_sale', 'video_license_sale_referral_bonus', 'withdrawal')`,
        ),
    )
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'processing', 'completed', 'reverted', 'cancelled')`),
    )
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('license_request_id', 'text', (col) =>
      col.references('license_requests.id').onDelete('restrict'),
    )
    // The withdrawal request a `withdrawal` row belongs to (its table comes with the withdrawals work)
    .addColumn('withdrawal_request_id', 'text')
    // For a referral bonus: the referred creator whose first sale earned it
    .addColumn('referred_user_id', 'text', (col) => col.references('users.id').onDelete('restrict'))
    // When an earning may be withdrawn (the withdrawal delay at the time it was earned)
    .addColumn('available_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index transactions_user_idx on transactions (user_id, created_at desc, id desc)`.execute(
    db,
  );
  // A sale writes each of its rows once, however often its confirmation arrives.
  await sql`create unique index transactions_one_per_sale on transactions (license_request_id, type) where license_request_id is not null`.execute(
    db,
  );
  // A referred creator earns their referrer one bonus, ever: on their first sale.
  await sql`create unique index transactions_one_referral_bonus on transactions (referred_user_id) where type = 'video_license_sale_referral_bonus'`.execute(
    db,
  );

  // Every event the payment provider sent, once: a replay finds its id and changes nothing.
  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('license_request_id', 'text', (col) =>
      col.references('license_requests.id').onDelete('set null'),
    )
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('transactions').execute();
  await db.schema.dropTable('license_messages').execute();
  await db.schema.dropTable('license_requests').execute();
  await db.schema.dropTable('license_types').execute();
  await db.schema.dropTable('app_settings').execute();
}
