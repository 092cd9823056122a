import { z } from 'zod';

/**
 * altcha-lib's challenge. Loose on purpose: the widget sends the parameters back as they were signed,
 * so the serializer must not drop a field it does not know.
 */
export const captchaChallenge = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    })
    .loose(),
  signature: z.string().optional(),
});
