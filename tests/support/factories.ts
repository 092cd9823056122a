import type { Insertable, Kysely } from 'kysely';
import type { BillingAddressesTable, DB, VideosTable } from '../../server/db/schema';
import { searchColumns } from '../../server/db/search-columns';
import { syncKeywordSummary } from '../../server/services/videos/keyword-summary-sync';
import { makeVerified, signUp, type TestApp } from './test-app';

/**
 * Test data made through the real database, as the services would leave it. Each factory has defaults
 * that make a valid row; a test overrides only what it is about.
 */

let users = 0;
const unique = () => `${++users}-${Math.random().toString(36).slice(2, 8)}`;

export interface UserOptions {
  email?: string;
  name?: string;
  /** Rights only an admin could give: `admin`, `manage_videos`. */
  rights?: string[];
  /** Fully verified: e-mail and phone confirmed and the profile saved (see `makeVerified`). */
  verified?: boolean;
  /** The public username a verified user's profile gets. */
  username?: string;
  language?: string;
}

/** A signed-up user with a session: the cookie to call the app as them, their id and e-mail. */
export async function createUser(t: TestApp, options: UserOptions = {}) {
  const n = unique();
  const email = options.email ?? `user-${n}@example.com`;
  const user = await signUp(t, { email, ...(options.name !== undefined && { name: options.name }) });
  if (options.verified) await makeVerified(t, user, options.username ?? `user${n.replace('-', '')}`);
  // After verification, which makes the username the display name: a name asked for wins.
  await t.db
    .updateTable('users')
    .set({
      ...(options.name !== undefined && { name: options.name }),
      rights: options.rights ?? [],
      language: options.language ?? 'en',
    })
    .where('id', '=', user.id)
    .execute();
  return { ...user, email };
}
export type TestUser = Awaited<ReturnType<typeof createUser>>;

/**
 * The callers an admin-only endpoint must refuse, made once per test file: a member, a verified member,
 * video staff and a license manager, and `refused`, the list a refusal test walks (a visitor first).
 */
export async function createNonAdminCallers(t: TestApp, options: { verified?: UserOptions } = {}) {
  const member = await createUser(t);
  const verified = await createUser(t, { verified: true, ...options.verified });
  const staff = await createUser(t, { verified: true, rights: ['manage_videos'] });
  const manager = await createUser(t, { verified: true, rights: ['manage_licenses'] });
  const refused: [string, TestUser | null][] = [
    ['a visitor', null],
    ['a member', member],
    ['a verified member', verified],
    ['manage_videos staff', staff],
    ['manage_licenses staff', manager],
  ];
  return { member, verified, staff, manager, refused };
}

/** A bare users row, for tests that have a database but no app (no password, no session). */
export async function createUserRow(db: Kysely<DB>, options: { email?: string; rights?: string[] } = {}) {
  const row = await db
    .insertInto('users')
    .values({ email: options.email ?? `row-${unique()}@example.com`, rights: options.rights ?? [] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What a test may set on a video; the search columns always follow title, description and keywords. */
export type VideoOverrides = Partial<
  Omit<Insertable<VideosTable>, 'user_id' | 'keywords_normalized' | 'title_folded' | 'description_folded'>
>;

/** The owner details and agreement a submission records (the submission form's required part). */
const submittedDetails = {
  owner_name: 'Maria Owner',
  owner_email: 'maria@example.com',
  owner_phone: '+35799123456',
  owner_country: 'CY',
  owner_dob: '1990-05-01',
  owner_instagram: '@maria',
  agreement_version: '2026-11-22',
};

/**
 * A video of `userId`, approved and public unless told otherwise. Written as the services write one: the
 * search columns beside title, description and keywords, and its keywords counted in the keyword
 * summary when it is publicly listed, in one transaction. Returns its id.
 */
export async function createVideo(db: Kysely<DB>, userId: string, overrides: VideoOverrides = {}) {
  const video = {
    title: 'Harbour at dawn',
    description: 'Boats leaving at first light.',
    keywords: [] as string[],
    status: 'approved',
    privacy: 'public',
    ...submittedDetails,
    ...overrides,
  };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('videos')
      .values({ ...video, user_id: userId, ...searchColumns(video) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await syncKeywordSummary(trx, null, video);
    return row.id;
  });
}

/** Several videos of `userId`, one per override, inserted in order. */
export async function createVideos(db: Kysely<DB>, userId: string, overrides: VideoOverrides[]) {
  const ids: string[] = [];
  for (const override of overrides) ids.push(await createVideo(db, userId, override));
  return ids;
}

export type BillingAddressOverrides = Partial<Omit<Insertable<BillingAddressesTable>, 'user_id'>>;

/** A valid billing address of `userId` in Cyprus; not the default unless told. Returns its id. */
export async function createBillingAddress(
  db: Kysely<DB>,
  userId: string,
  overrides: BillingAddressOverrides = {},
) {
  const now = new Date();
  const row = await db
    .insertInto('billing_addresses')
    .values({
      name: 'Maria Konstantinou',
      address: '12 Anexartisias Street',
      city: 'Limassol',
      postal_code: '3036',
      country: 'CY',
      contact_email: 'billing@example.com',
      contact_phone: '+35799123456',
      created_at: now,
      updated_at: now,
      ...overrides,
      user_id: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
