import type { LicenseBundle } from '../../../common/contracts/licenses';
import type { Storage } from '../../adapters/storage/storage';
import { notFound } from '../../errors';
import type { Caller } from '../../policies/caller';
import { canViewLicenseRequest } from '../../policies/license.policy';
import { canPayBundle } from '../../policies/license-payment.policy';
import { collectionsRepository } from '../../repositories/collections.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import { licenseBundlesRepository } from '../../repositories/license-bundles.repository';
import {
  type LicenseRequestRow,
  licenseRequestsRepository,
} from '../../repositories/license-requests.repository';
import type { LicenseNotifier } from './license-notifier';
import { presentLicenseSummary } from './license-presenter';
import { licensableVideo, licenseTerms, type NewLicenseRequest } from './license-request-terms';

/**
 * One license request for several clips (issue 34): asked for from a collection with one license type,
 * one usage and one billing address; each clip becomes an ordinary request (its own price, quote, page
 * and ledger rows) that carries the bundle, and one checkout pays them all (license-checkout.service.ts).
 */
export function licenseBundlesService(deps: {
  db: Executor;
  now: () => Date;
  notifierIn: (trx: Executor) => Pick<LicenseNotifier, 'bundleCreated'>;
  storage: Storage;
}) {
  const present = (
    caller: Caller,
    bundle: { id: string; collection_id: string | null; created_at: Date },
    rows: LicenseRequestRow[],
  ): LicenseBundle => {
    const live = rows.filter((row) => row.status !== 'cancelled');
    const priced = live.every((row) => row.price_cents !== null);
    return {
      id: bundle.id,
      collectionId: bundle.collection_id,
      createdAt: bundle.created_at.toISOString(),
      clips: rows.map((row) => presentLicenseSummary(row, deps.storage)),
      totalCents: priced ? live.reduce((sum, row) => sum + (row.price_cents ?? 0), 0) : null,
      currency: rows[0]?.currency ?? '',
      pay: canPayBundle(
        caller,
        rows.map((row) => ({ buyerId: row.buyer_id, status: row.status, priceCents: row.price_cents })),
      ),
    };
  };

  return {
    /**
     * Every clip must be in the caller's collection, visible to them, licensable and not their own: one
     * that is not refuses the whole request, naming the clip, and nothing is written.
     */
    async create(
      caller: Caller,
      collectionId: string,
      input: NewLicenseRequest & { videoIds: string[] },
    ): Promise<LicenseBundle> {
      const collections = collectionsRepository(deps.db);
      if (!(await collections.find(caller.id, collectionId))) throw notFound();
      const inCollection = new Set(await collections.videoIds(collectionId));
      for (const videoId of input.videoIds) {
        if (!inCollection.has(videoId)) throw notFound();
        await licensableVideo(deps.db, caller, videoId, true);
      }
      const requestOf = await licenseTerms(deps.db, caller.id, input);
      const now = deps.now();
      const { bundle, rows } = await inTransaction(deps.db, async (trx) => {
        const bundleId = await licenseBundlesRepository(trx).create(caller.id, collectionId, now);
        const requests = licenseRequestsRepository(trx);
        for (const videoId of input.videoIds) await requests.create(requestOf(videoId, now, bundleId));
        const rows = await requests.listForBundle(bundleId);
        await deps.notifierIn(trx).bundleCreated(rows);
        return { bundle: { id: bundleId, collection_id: collectionId, created_at: now }, rows };
      });
      return present(caller, bundle, rows);
    },

    /** The bundle, for its buyer and license managers; to anyone else it does not exist. */
    async view(caller: Caller, bundleId: string): Promise<LicenseBundle> {
      const bundle = await licenseBundlesRepository(deps.db).find(bundleId);
      if (!bundle || !canViewLicenseRequest(caller, { buyerId: bundle.buyer_id })) throw notFound();
      return present(caller, bundle, await licenseRequestsRepository(deps.db).listForBundle(bundleId));
    },
  };
}
