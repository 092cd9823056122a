import { z } from 'zod';

/** A signed file URL's query (server/adapters/storage/signed-file-url.ts): its expiry, signature and name. */
export const signedFileQuery = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
  name: z.string().optional(),
});
