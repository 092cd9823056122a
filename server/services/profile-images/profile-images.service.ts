import sharp from 'sharp';
import {
  PROFILE_IMAGE_SIZES,
  type ProfileImageKind,
  type ProfileImages,
} from '../../../common/contracts/profile-images';
import type { Storage } from '../../adapters/storage/storage';
import { AppError, notAuthenticated } from '../../errors';
import type { Executor } from '../../repositories/executor';
import { profileImagesRepository } from '../../repositories/profile-images.repository';

/** What sharp may decode: the formats browsers show. AVIF is read by sharp's HEIF decoder and named 'heif'. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** A decompression-bomb guard: a few kilobytes can claim billions of pixels. Phone photos stay well below. */
const MAX_INPUT_PIXELS = 50_000_000;
const JPEG_QUALITY = 85;

const notAnImage = () => new AppError('NOT_AN_IMAGE', 415);
const imageTooLarge = () => new AppError('IMAGE_TOO_LARGE', 413);
/** Only verified users have a profile row, and with it a public page to show a cover on. */
const noProfile = () => new AppError('NOT_VERIFIED', 403);

/** Where a kind of picture of a user is stored (SPEC 7: avatars/{uid}.jpg, covers/{uid}.jpg). */
export const profileImagePath = (kind: ProfileImageKind, userId: string) =>
  `${kind === 'avatar' ? 'avatars' : 'covers'}/${userId}.jpg`;

/**
 * Re-encodes an upload as a JPEG of exactly the kind's size, or refuses it. Only the bytes decide, never
 * the file name or the declared type. Orientation from EXIF is applied; all metadata (GPS included) is
 * dropped, because sharp keeps none unless asked.
 */
export async function toProfileJpeg(data: unknown, kind: ProfileImageKind): Promise<Buffer> {
  if (!Buffer.isBuffer(data) || data.length === 0) throw notAnImage();
  const metadata = await sharp(data)
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw notAnImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw imageTooLarge();
  const { width, height } = PROFILE_IMAGE_SIZES[kind];
  // failOn 'error': a picture with a harmless warning (browsers show it) is kept; a broken one is not.
  return sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(width, height, { fit: 'cover' })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer()
    .catch(() => {
      throw notAnImage();
    });
}

/**
 * The signed-in user's avatar and cover: store (re-encoded), remove, read. The avatar works for anyone
 * signed in; the cover needs the profile that the verification's profile step creates.
 */
export function profileImagesService(deps: { db: Executor; storage: Storage; now: () => Date }) {
  const columns = profileImagesRepository(deps.db);
  return {
    /** The current URLs, null when unset. */
    async find(userId: string): Promise<ProfileImages> {
      const row = await columns.find(userId);
      return { avatar: row?.avatar ?? null, cover: row?.cover ?? null };
    },

    /** Stores the picture and answers its URL. The path never changes, so `?v=` tells caches it did. */
    async store(userId: string, kind: ProfileImageKind, upload: unknown): Promise<{ url: string }> {
      if (kind === 'cover' && !(await columns.hasProfile(userId))) throw noProfile();
      const jpeg = await toProfileJpeg(upload, kind);
      const path = profileImagePath(kind, userId);
      await deps.storage.put(path, jpeg, 'image/jpeg');
      const now = deps.now();
      const url = `${deps.storage.publicUrl(path)}?v=${now.getTime()}`;
      if (!(await columns.set(kind, userId, url, now))) {
        // The profile (or the user) went away while the picture was processed: leave no orphan file.
        await deps.storage.delete(path);
        throw kind === 'cover' ? noProfile() : notAuthenticated();
      }
      return { url };
    },

    /** Deletes the stored file and clears the URL; removing what is not there is not an error. */
    async remove(userId: string, kind: ProfileImageKind): Promise<{ url: null }> {
      await deps.storage.delete(profileImagePath(kind, userId));
      await columns.set(kind, userId, null, deps.now());
      return { url: null };
    },
  };
}
