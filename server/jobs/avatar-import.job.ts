import type { PgBoss } from 'pg-boss';
import sharp from 'sharp';
import { AVATAR_SIZE } from '../../common/constants';
import { type SafeFetchOptions, safeFetch } from '../adapters/http/safe-fetch';
import type { Storage } from '../adapters/storage/storage';
import type { Executor } from '../repositories/executor';
import { usersRepository } from '../repositories/users.repository';

export const AVATAR_IMPORT_QUEUE = 'avatar-import';
export interface AvatarImportJob {
  userId: string;
  url: string;
  /** The social provider the picture came from: its picture hosts are the only ones fetched from. */
  provider?: string;
}

export interface AvatarImportDeps {
  db: Executor;
  storage: Storage;
  /** A provider's picture hosts (from the configuration). */
  pictureHosts: (provider: string) => readonly string[];
  /** Tests only: a resolver, address rule and certificate that let the fetch reach a local picture host. */
  fetchOverrides?: Pick<SafeFetchOptions, 'resolve' | 'isPermittedAddress' | 'ca'>;
}

const MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/** Where a user's avatar is stored (SPEC 7). */
const avatarPath = (userId: string) => `avatars/${userId}.jpg`;

/**
 * The start of the URL of every avatar stored here: a user's picture that does not start so is a
 * provider's, not imported yet (the upkeep sweep's test). The storage answers the URLs of files, not of
 * folders ('avatars/' is refused as a path), so it is a file's URL less the file's own name.
 */
export function ownAvatarPrefix(storage: Pick<Storage, 'publicUrl'>): string {
  const name = '_';
  return storage.publicUrl(avatarPath(name)).slice(0, -`${name}.jpg`.length);
}

/**
 * Copies a social login's picture into our storage as the user's avatar (SPEC 7: avatars/{uid}.jpg,
 * 500x500), unless the user has one of their own by then. Runs as a job: a slow or broken picture host
 * never holds up a sign-in. A picture that is not an image fails the job, and the avatar stays empty.
 */
export async function importAvatar(job: AvatarImportJob, deps: AvatarImportDeps): Promise<boolean> {
  const path = avatarPath(job.userId);
  const ownUrl = deps.storage.publicUrl(path);
  const users = usersRepository(deps.db);
  const user = await users.findImage(job.userId);
  // Nothing to do when the user is gone or shows another picture than the provider's (their own, say).
  if (!user || user.image !== job.url) return false;

  // A job from before pictures were tied to their provider has no allow-list to be checked against.
  if (!job.provider) return false;
  // The URL is the provider's, but where it leads is not ours to trust: https, the provider's hosts, and
  // public addresses only, for the first request and every redirect (a refusal fails the job).
  const { body: original } = await safeFetch(job.url, {
    allowedHosts: deps.pictureHosts(job.provider),
    maxBytes: MAX_BYTES,
    timeoutMs: TIMEOUT_MS,
    maxRedirects: MAX_REDIRECTS,
    ...deps.fetchOverrides,
  });
  const jpeg = await sharp(original, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(AVATAR_SIZE.width, AVATAR_SIZE.height, { fit: 'cover' })
    .jpeg({ quality: 85 })
    .toBuffer(); // throws on anything that is not an image
  await deps.storage.put(path, jpeg, 'image/jpeg');
  // Only replace the picture the provider gave: a user who set their own meanwhile keeps it.
  return users.replaceImage(job.userId, job.url, ownUrl, new Date());
}

/** How long after a sign-up the sweep looks for a picture left unimported, and how long it leaves the hook. */
const SWEPT_SIGN_UPS = { withinMs: 24 * 3600_000, afterMs: 5 * 60_000 };

/** Queues a user's avatar import, keyed by the user so the sweep can tell it was queued. */
export const queueAvatarImport = <Job extends AvatarImportJob>(queue: PgBoss, job: Job) =>
  queue.send(AVATAR_IMPORT_QUEUE, job, { singletonKey: job.userId, retryLimit: 2 });

/**
 * Queues the import of the users who signed up with a provider in the last day, still show the provider's
 * picture and never had an import queued (main.ts's upkeep). better-auth creates the user in its own
 * transaction and our hook queues the job after it commits: an instance stopped in between would leave
 * the provider's address on every page that shows the avatar. A job that ran and failed is not retried
 * here (the picture was not an image, or not on the provider's hosts). Answers the users queued.
 */
export async function queueUnimportedAvatars(
  queue: PgBoss,
  deps: { db: Executor; ownPrefix: string; providers: readonly string[]; now: Date },
): Promise<string[]> {
  const pictures = await usersRepository(deps.db).providerPictures({
    ownPrefix: deps.ownPrefix,
    providers: deps.providers,
    from: new Date(deps.now.getTime() - SWEPT_SIGN_UPS.withinMs),
    to: new Date(deps.now.getTime() - SWEPT_SIGN_UPS.afterMs),
  });
  const queued: string[] = [];
  for (const picture of pictures) {
    if (queued.includes(picture.userId)) continue; // two social accounts: one import
    const jobs = await queue.findJobs(AVATAR_IMPORT_QUEUE, { key: picture.userId });
    if (jobs.length > 0) continue;
    await queueAvatarImport(queue, picture);
    queued.push(picture.userId);
  }
  return queued;
}
