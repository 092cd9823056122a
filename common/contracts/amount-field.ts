import { z } from 'zod';
import { parseAmountToCents } from '../money';

/**
 * A money field as a person types it ("49", "49.90", Greek "49,90"), read as exact integer cents: the
 * schema every money form validates with (through `zodValidator`) and turns into the cents it sends.
 * `required` and `invalid` are the i18n keys of its two messages; above `maxCents` is invalid too.
 */
export const amountField = (
  messages: { required: string; invalid: string; tooHigh?: string },
  maxCents: number,
) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(20, { error: messages.invalid })
    .transform((value, ctx) => {
      const cents = parseAmountToCents(value);
      if (cents === null || cents > maxCents) {
        const message = cents !== null && messages.tooHigh ? messages.tooHigh : messages.invalid;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return cents;
    });
