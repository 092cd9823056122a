import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeHoldingTheLedger } from '../../../tests/support/earnings';
import { createWithdrawalRequest, creditUser } from '../../../tests/support/earnings-factories';
import { createUser, type TestUser } from '../../../tests/support/factories';
import { type PayPalStandIn, startPayPalStandIn } from '../../../tests/support/paypal-stand-in';
import { mailsTo, requestAs } from '../../../tests/support/requests';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { paypalPayouts } from '../../adapters/payouts/paypal-payouts';
import { ledgerRepository } from '../../repositories/ledger.repository';

/**
 * Paying withdrawals through PayPal Payouts, against a local stand-in of its REST API over real HTTP:
 * a payout under way is read back until it completes or fails; a failed payout reverts the withdrawal;
 * a retry after a lost answer pays once (PayPal refuses a second batch with the same sender_batch_id).
 */
let t: TestApp;
let paypal: PayPalStandIn;
let admin: TestUser;
let creator: TestUser;
let call: ReturnType<typeof requestAs>;

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  t = await createTestApp(
    {},
    {
      payouts: paypalPayouts({
        clientId: paypal.credentials.clientId,
        clientSecret: paypal.credentials.clientSecret,
        apiBase: paypal.url,
        // Long enough for the stand-in's token and batch answers on a loaded machine (at 400 ms, the
        // first payout once lost its answer beside the whole suite); the lost-answer test outwaits it.
        timeoutMs: 2_000,
      }),
    },
  );
  call = requestAs(t);
  admin = await createUser(t, { verified: true, rights: ['admin'] });
  creator = await createUser(t, { verified: true });
  await creditUser(t.db, creator.id, 50_000);
}, 120_000);
afterAll(async () => {
  await closeHoldingTheLedger(t);
  await paypal.close();
});

const requestRow = (id: string) =>
  t.db.selectFrom('withdrawal_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const reservationOf = async (id: string) =>
  (
    await t.db
      .selectFrom('transactions')
      .select('status')
      .where('withdrawal_request_id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;
const available = async () => (await ledgerRepository(t.db).balances(creator.id))[0]?.availableCents ?? 0;
const actions = async (id: string) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', id)
      .orderBy('created_at')
      .execute()
  ).map((row) => row.action);
const batchesFor = (id: string) => [...paypal.batches.values()].filter((batch) => batch.senderBatchId === id);

describe('PayPal payouts', () => {
  it('pays through PayPal, stays processing while PayPal has not paid, completes on refresh', async () => {
    const id = await createWithdrawalRequest(t.db, creator.id, {
      amountCents: 8050,
      details: { email: 'eleni@example.com' },
    });
    const paid = await call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, {});
    expect(paid.json()).toEqual({ status: 'processing' });
    const [batch] = batchesFor(id);
    expect(batch?.body.items[0]).toMatchObject({
      receiver: 'eleni@example.com',
      amount: { value: '80.50', currency: 'EUR' },
    });
    expect(await requestRow(id)).toMatchObject({
      status: 'processing',
      payout_provider: 'paypal',
      payout_reference: batch?.payoutBatchId,
    });
    expect(await reservationOf(id)).toBe('processing');
    expect((await call('POST', `/api/admin/withdrawal-requests/${id}/refresh`, admin)).json().status).toBe(
      'processing',
    );
    paypal.settle(id, { batchStatus: 'SUCCESS', itemStatus: 'SUCCESS' });
    expect((await call('POST', `/api/admin/withdrawal-requests/${id}/refresh`, admin)).json().status).toBe(
      'completed',
    );
    expect(await requestRow(id)).toMatchObject({ status: 'completed' });
    expect(await reservationOf(id)).toBe('completed');
    expect(await actions(id)).toEqual(['withdrawal.pay', 'withdrawal.complete']);
    expect((await mailsTo(t, creator.email)).at(-1)?.text).toContain(batch?.payoutBatchId);
  });

  it('a retry after a lost answer pays exactly once', async () => {
    const id = await createWithdrawalRequest(t.db, creator.id, { amountCents: 6000 });
    // PayPal makes the batch but its answer comes after the driver's timeout
    paypal.state.delayNextCreateMs = 5_000;
    const calls = paypal.state.createCalls;
    const first = await call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, {});
    expect(first.json()).toEqual({ status: 'processing' });
    expect(await requestRow(id)).toMatchObject({ status: 'processing', payout_reference: null });
    expect(batchesFor(id)).toHaveLength(1);
    // The refresh pays again with the same sender_batch_id: PayPal answers the duplicate with a link
    // to the first batch, which the driver reads instead
    const retry = await call('POST', `/api/admin/withdrawal-requests/${id}/refresh`, admin);
    expect(retry.json()).toEqual({ status: 'processing' });
    expect(paypal.state.createCalls).toBe(calls + 2);
    expect(batchesFor(id)).toHaveLength(1);
    expect((await requestRow(id)).payout_reference).toBe(batchesFor(id)[0]?.payoutBatchId);
    paypal.settle(id, { batchStatus: 'SUCCESS', itemStatus: 'SUCCESS' });
    expect((await call('POST', `/api/admin/withdrawal-requests/${id}/refresh`, admin)).json().status).toBe(
      'completed',
    );
    expect(batchesFor(id)).toHaveLength(1);
  });

  it('a failed payout reverts the withdrawal: failed with the reason, the amount available again', async () => {
    const before = await available();
    const id = await createWithdrawalRequest(t.db, creator.id, { amountCents: 7000 });
    expect(await available()).toBe(before - 7000);
    await call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, {});
    paypal.settle(id, {
      batchStatus: 'SUCCESS',
      itemStatus: 'FAILED',
      itemError: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' },
    });
    const refreshed = await call('POST', `/api/admin/withdrawal-requests/${id}/refresh`, admin);
    expect(refreshed.json()).toEqual({ status: 'failed' });
    const row = await requestRow(id);
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toContain('Receiver is unregistered');
    expect(await reservationOf(id)).toBe('reverted');
    expect(await available()).toBe(before);
    expect(await actions(id)).toEqual(['withdrawal.pay', 'withdrawal.fail']);
    const mails = await mailsTo(t, creator.email);
    expect(mails.at(-1)?.subject).toContain('could not be paid');
  });

  it('the periodic check settles every payout under way, with no admin clicking Refresh', async () => {
    const paidId = await createWithdrawalRequest(t.db, creator.id, { amountCents: 5100 });
    const failedId = await createWithdrawalRequest(t.db, creator.id, { amountCents: 5200 });
    const waitingId = await createWithdrawalRequest(t.db, creator.id, { amountCents: 5300 });
    for (const id of [paidId, failedId, waitingId]) {
      await call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, {});
    }
    const before = await available();
    paypal.settle(paidId, { batchStatus: 'SUCCESS', itemStatus: 'SUCCESS' });
    paypal.settle(failedId, {
      batchStatus: 'SUCCESS',
      itemStatus: 'FAILED',
      itemError: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' },
    });

    await t.app.services.withdrawalPayouts.refreshAll();

    expect((await requestRow(paidId)).status).toBe('completed');
    expect((await requestRow(failedId)).status).toBe('failed');
    expect((await requestRow(waitingId)).status).toBe('processing');
    expect(await available()).toBe(before + 5200);
    // The admin who started each payout is the actor of what it came to
    expect(await actions(paidId)).toEqual(['withdrawal.pay', 'withdrawal.complete']);
    expect(await actions(failedId)).toEqual(['withdrawal.pay', 'withdrawal.fail']);
  });

  it('a bank transfer is not PayPal’s: it needs the reference of a manual transfer', async () => {
    const id = await createWithdrawalRequest(t.db, creator.id, {
      method: 'bank_transfer',
      amountCents: 5000,
    });
    const refused = await call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, {});
    expect(refused.json().code).toBe('PAYOUT_REFERENCE_REQUIRED');
    expect(batchesFor(id)).toHaveLength(0);
    const paid = await call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, {
      reference: 'SEPA-77',
    });
    expect(paid.json()).toEqual({ status: 'completed' });
    expect(await requestRow(id)).toMatchObject({ payout_provider: 'manual', payout_reference: 'SEPA-77' });
  });

  it('never sends PayPal a payout the member can no longer cover', async () => {
    const member = await createUser(t, { verified: true });
    const credit = await creditUser(t.db, member.id, 6000);
    const id = await createWithdrawalRequest(t.db, member.id, { amountCents: 6000 });
    // A refund reverses the credit after the request: nothing is left to pay it from.
    await ledgerRepository(t.db).addReversal(credit, { createdBy: admin.id, reason: 'refund' });
    const refused = await call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('WITHDRAWAL_BALANCE_BELOW_ZERO');
    expect(batchesFor(id)).toHaveLength(0);
    expect(await requestRow(id)).toMatchObject({ status: 'pending', payout_provider: null });
  });
});
