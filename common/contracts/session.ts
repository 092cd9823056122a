import { z } from 'zod';

/** The signed-in user as the web app needs it (SPEC 3, authenticated user state; grows with later work). */
export const sessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  rights: z.array(z.string()),
  /** False for an account made through a social login only (it may set a password in the settings). */
  passwordSet: z.boolean(),
  /** The social providers linked to the account ('google', 'facebook' ...). */
  socialProviders: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionResponse = z.object({ user: sessionUser.nullable() });
