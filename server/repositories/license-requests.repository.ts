import { type Insertable, sql, type Updateable } from 'kysely';
import type { LicenseRequestsTable } from '../db/schema';
import type { Executor, Tx } from './executor';
import { keysetPage } from './keyset-page';
import { likeContaining } from './like-pattern';

/** Open requests first, oldest first (they wait for a manager); then the rest, newest first. */
const group = sql<number>`(case when r.status = 'open' then 0 else 1 end)`;
const age = sql<number>`(case when r.status = 'open' then 1 else -1 end) * extract(epoch from r.created_at)`;

/** A request with what its lists and page show: the video's card facts and the buyer's name. */
function requests(db: Executor) {
  return db
    .selectFrom('license_requests as r')
    .innerJoin('videos', 'videos.id', 'r.video_id')
    .innerJoin('users as buyers', 'buyers.id', 'r.buyer_id')
    .selectAll('r')
    .select([
      'videos.title as video_title',
      'videos.thumbnail as video_thumbnail',
      'videos.user_id as video_user_id',
      'videos.status as video_status',
      'videos.privacy as video_privacy',
      'buyers.name as buyer_name',
    ]);
}
export type LicenseRequestRow = Awaited<ReturnType<ReturnType<typeof requests>['execute']>>[number];
/** A new request's row, as the licensing service fills it. */
export type NewLicenseRequestRow = Insertable<LicenseRequestsTable>;

export interface LicenseRequestPage {
  status?: string | undefined;
  limit: number;
  afterId: string | null;
}

/** License requests (SPEC 3, 4.2). Status changes are compare-and-set: see `transitionStatus`. */
export function licenseRequestsRepository(db: Executor) {
  return {
    create(values: Insertable<LicenseRequestsTable>): Promise<{ id: string; status: string }> {
      return db
        .insertInto('license_requests')
        .values(values)
        .returning(['id', 'status'])
        .executeTakeFirstOrThrow();
    },

    find(id: string): Promise<LicenseRequestRow | undefined> {
      return requests(db).where('r.id', '=', id).executeTakeFirst();
    },

    /** The request whose messages are a bundle's one conversation: its first clip. */
    async bundleThread(bundleId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('license_requests')
        .select('id')
        .where('bundle_id', '=', bundleId)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    /** The clips of a request for several, in id order (the order they are locked in). */
    listForBundle(bundleId: string): Promise<LicenseRequestRow[]> {
      return requests(db).where('r.bundle_id', '=', bundleId).orderBy('r.id').execute();
    },

    /** A buyer's requests newest first, one more than `limit` (to know a next page exists). */
    listForBuyer(buyerId: string, page: LicenseRequestPage): Promise<LicenseRequestRow[]> {
      let query = requests(db).where('r.buyer_id', '=', buyerId);
      if (page.status) query = query.where('r.status', '=', page.status);
      return keysetPage(query, { table: 'license_requests', alias: 'r' }, page).execute();
    },

    /**
     * Every request, for license managers: open ones first, oldest first, then the rest newest first;
     * `q` finds the video title, the buyer's username or the buyer's account name.
     */
    listForManagers(page: LicenseRequestPage & { q?: string | undefined }): Promise<LicenseRequestRow[]> {
      let query = requests(db)
        .leftJoin('user_accounts as accounts', 'accounts.user_id', 'r.buyer_id')
        .orderBy(group)
        .orderBy(age)
        .orderBy('r.id')
        .limit(page.limit + 1);
      if (page.status) query = query.where('r.status', '=', page.status);
      if (page.q) {
        const pattern = likeContaining(page.q);
        query = query.where((eb) =>
          eb.or([
            eb('videos.title', 'ilike', pattern),
            eb('buyers.name', 'ilike', pattern),
            eb('accounts.name', 'ilike', pattern),
          ]),
        );
      }
      if (page.afterId) {
        query = query.where(
          sql<boolean>`(${group}, ${age}, r.id) > (select (case when c.status = 'open' then 0 else 1 end), (case when c.status = 'open' then 1 else -1 end) * extract(epoch from c.created_at), c.id from license_requests c where c.id = ${page.afterId})`,
        );
      }
      return query.execute();
    },

    /** Whether the buyer holds a completed (paid, not refunded) license of the video. */
    async hasCompleted(buyerId: string, videoId: string): Promise<boolean> {
      const row = await db
        .selectFrom('license_requests')
        .select('id')
        .where('buyer_id', '=', buyerId)
        .where('video_id', '=', videoId)
        .where('status', '=', 'completed')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The completed (so not refunded) licenses a buyer holds of one video, oldest first. */
    heldBy(buyerId: string, videoId: string) {
      return db
        .selectFrom('license_requests')
        .select(['id', 'license_type_snapshot', 'completed_at'])
        .where('buyer_id', '=', buyerId)
        .where('video_id', '=', videoId)
        .where('status', '=', 'completed')
        .where('completed_at', 'is not', null)
        .$narrowType<{ completed_at: Date }>()
        .orderBy('completed_at')
        .execute();
    },

    /** How many requests a buyer has made (the /me dashboard). */
    async countForBuyer(buyerId: string): Promise<number> {
      const { count } = await db
        .selectFrom('license_requests')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('buyer_id', '=', buyerId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}

/**
 * Compare-and-set of a request's status inside `tx`: moves it to `to` (with `fields`) only if it is
 * still in one of `from`, so of two managers quoting, or a quote racing a cancel, exactly one wins.
 * Returns whether it changed. Payment statuses have their own compare-and-set in the payments code.
 */
export async function transitionStatus(
  tx: Tx,
  id: string,
  from: readonly string[],
  to: string,
  fields: Omit<Updateable<LicenseRequestsTable>, 'id' | 'status'>,
  /** Only while the request is still in this checkout session (null: in none). */
  only?: { checkoutSessionId: string | null },
): Promise<boolean> {
  let query = tx
    .updateTable('license_requests')
    .set({ ...fields, status: to })
    .where('id', '=', id)
    .where('status', 'in', [...from]);
  if (only)
    query = query.where(
      'checkout_session_id',
      only.checkoutSessionId === null ? 'is' : '=',
      only.checkoutSessionId,
    );
  const changed = await query.returning('id').executeTakeFirst();
  return changed !== undefined;
}
