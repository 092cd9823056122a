import { z } from 'zod';
import { AVATAR_SIZE, COVER_SIZE } from '../constants';

/** The two pictures of a profile (SPEC 3): the avatar and the wide cover above the public page. */
export const PROFILE_IMAGE_KINDS = ['avatar', 'cover'] as const;
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];

/** The largest upload either side accepts; the web refuses bigger files before sending them. */
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** The stored size of each kind (SPEC 9): the web crops to it, the server resizes to it exactly. */
export const PROFILE_IMAGE_SIZES: Record<ProfileImageKind, { width: number; height: number }> = {
  avatar: AVATAR_SIZE,
  cover: COVER_SIZE,
};

/** The answer to storing or removing one picture: its new URL, or null once removed. */
export const profileImageResponse = z.object({ url: z.string().nullable() });
export type ProfileImageResponse = z.infer<typeof profileImageResponse>;

/** The caller's current pictures (the cover lives on the profile, which the session does not carry). */
export const profileImagesResponse = z.object({
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
});
export type ProfileImages = z.infer<typeof profileImagesResponse>;
