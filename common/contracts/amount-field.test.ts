import { describe, expect, it } from 'vitest';
import { adjustmentForm } from './admin-money';
import { withdrawalForm, withdrawalRequestOf } from './earnings';
import { quoteForm } from './licenses';

describe('money form schemas', () => {
  it('read a typed price as exact cents, with either decimal mark', () => {
    expect(quoteForm.parse({ price: '249.99' })).toEqual({ price: 24999 });
    expect(quoteForm.parse({ price: ' 249,9 ' })).toEqual({ price: 24990 });
  });

  it('refuse an empty, zero, fractional-cent or too high price with the message of each', () => {
    const message = (price: string) => quoteForm.safeParse({ price }).error?.issues[0]?.message;
    expect(message('')).toBe('licensing.errors.priceInvalid');
    expect(message('0')).toBe('licensing.errors.priceInvalid');
    expect(message('249.995')).toBe('licensing.errors.priceInvalid');
    expect(message('1000000.01')).toBe('licensing.errors.priceTooHigh');
  });

  it('give the adjustment its cents and keep its currency within the platform’s list', () => {
    const values = {
      user: 'a@example.com',
      type: 'income_transfer',
      amount: '2,50',
      currency: 'EUR',
      reason: 'x',
    };
    expect(adjustmentForm.parse(values)).toMatchObject({ amount: 250, currency: 'EUR' });
    expect(adjustmentForm.safeParse({ ...values, currency: 'ZZZ' }).success).toBe(false);
    expect(adjustmentForm.safeParse({ ...values, amount: '' }).error?.issues[0]?.message).toBe(
      'adminMoney.errors.amountPositive',
    );
  });

  it('turn the Withdraw dialog into the request of the chosen method, each field with its message', () => {
    const values = {
      method: 'bank_transfer' as const,
      amount: '20,5',
      currency: 'EUR',
      email: 'left@example.com',
      iban: 'cy17 0020 0128 0000 0012 0052 7600',
      holder: 'Maria Papadopoulou',
    };
    expect(withdrawalRequestOf(values)).toEqual({
      method: 'bank_transfer',
      amountCents: 2050,
      currency: 'EUR',
      iban: 'cy17 0020 0128 0000 0012 0052 7600',
      holder: 'Maria Papadopoulou',
    });
    const messages = (changes: object) =>
      Object.fromEntries(
        (withdrawalForm.safeParse({ ...values, ...changes }).error?.issues ?? []).map((issue) => [
          String(issue.path[0]),
          issue.message,
        ]),
      );
    expect(messages({ amount: '0,001', iban: 'CY17 0000', holder: 'M' })).toEqual({
      amount: 'withdrawals.errors.amount',
      iban: 'withdrawals.errors.iban',
      holder: 'withdrawals.errors.holder',
    });
    expect(messages({ method: 'paypal', email: 'not an address' })).toEqual({
      email: 'withdrawals.errors.email',
    });
  });
});
