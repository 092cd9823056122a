import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeHoldingTheLedger, expectLedgerHolds } from '../../../tests/support/earnings';
import { createUser, type TestUser } from '../../../tests/support/factories';
import {
  twoCreators as creatorsWithReferral,
  bundleInCheckout as inCheckout,
  sandboxEventOf,
  statusesOf,
} from '../../../tests/support/license-bundles';
import { ledgerOf, licensableVideo, startCheckout } from '../../../tests/support/license-payments';
import { createLicenseRequest } from '../../../tests/support/licensing-factories';
import { deliverSandboxEvent, signedEvent } from '../../../tests/support/payments';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

/**
 * A bundle's payment sent together with others (Promise.all, a few rounds). On PostgreSQL they truly
 * overlap: the clips' row locks in id order, the event's primary key and the one-bonus index decide.
 */
let t: TestApp;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t, { verified: true });
}, 60_000);
afterEach(() => expectLedgerHolds(t));
afterAll(() => closeHoldingTheLedger(t));

const bundleInCheckout = (videoIds: string[]) => inCheckout(t, buyer, videoIds);
const sandboxEvent = (sessionId: string) => sandboxEventOf(t, buyer, sessionId);
const statuses = (ids: string[]) => statusesOf(t, ids);
const twoCreators = () => creatorsWithReferral(t);

describe('bundle payment races', () => {
  it('races: one event three times at once, and a single first sale of the same referred creator beside it', async () => {
    for (let round = 0; round < 3; round++) {
      const { referrer, referred } = await twoCreators();
      const { clips, sessionId } = await bundleInCheckout([
        await licensableVideo(t, referred.id),
        await licensableVideo(t, referred.id),
      ]);
      const single = await createLicenseRequest(t.db, {
        videoId: await licensableVideo(t, referred.id),
        buyerId: buyer.id,
      });
      const alone = await startCheckout(t, buyer, single);
      const event = signedEvent(t, {
        type: 'completed',
        sessionId,
        requestId: clips[0] as string,
        amountCents: 9800,
        currency: 'EUR',
      });
      const answers = await Promise.all([
        deliverSandboxEvent(t, event),
        deliverSandboxEvent(t, event),
        deliverSandboxEvent(t, await sandboxEvent(alone.sessionId)),
        deliverSandboxEvent(t, event),
      ]);
      expect(answers.map((answer) => answer.json().outcome).sort()).toEqual([
        'completed',
        'completed',
        'duplicate',
        'duplicate',
      ]);
      expect(await statuses([...clips, single].sort())).toEqual(['completed', 'completed', 'completed']);
      // Three sales of one creator, each with its purchase and share, and their referrer's bonus once.
      for (const id of [...clips, single]) {
        const types = (await ledgerOf(t, id))
          .map((row) => row.type)
          .filter((type) => type !== 'video_license_sale_referral_bonus');
        expect(types).toEqual(['video_license_purchase', 'video_license_sale']);
      }
      const bonuses = await t.db
        .selectFrom('transactions')
        .select('id')
        .where('user_id', '=', referrer.id)
        .execute();
      expect(bonuses).toHaveLength(1);
    }
  });
});
