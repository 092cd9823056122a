import { z } from 'zod';
import { ROLES } from '../constants';

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
  /** Only a verified number is stored, so a number here is a verified one. */
  phoneNumber: z.string().nullable(),
  phoneNumberVerified: z.boolean(),
  /** Fully verified (SPEC 4.5): the verification modal has nothing left to ask. */
  verified: z.boolean(),
  /** The public profile (the username is its name), once saved. */
  profile: z.object({ name: z.string(), bio: z.string(), isVerified: z.boolean() }).nullable(),
  /** The private account, once saved (only its owner ever receives it). */
  account: z
    .object({
      name: z.string(),
      role: z.enum(ROLES),
      country: z.string(),
      instagram: z.string().nullable(),
      isBusinessAccount: z.boolean(),
      companyName: z.string().nullable(),
      isPolicyAgreed: z.boolean(),
      isAgeRestrictionAgreed: z.boolean(),
      isVerified: z.boolean(),
    })
    .nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionResponse = z.object({ user: sessionUser.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;
