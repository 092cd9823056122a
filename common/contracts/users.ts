import { z } from 'zod';

/** What anyone may see of a user (more comes with the profile pages). */
export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;
export const userIdParams = z.object({ userId: z.string().min(1).max(64) });
