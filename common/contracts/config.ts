import { z } from 'zod';

/** What the web app needs to know of the server's configuration. */
export const publicConfig = z.object({
  contactEmail: z.string(),
  messengerUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
