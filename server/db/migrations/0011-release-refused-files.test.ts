import { beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';
import { up } from './0011-release-refused-files';

/** Migration 0011: videos stranded by a refused non-video file may be uploaded again or withdrawn. */
const t = setUpTestApp();
let ownerId: string;
beforeAll(async () => {
  ownerId = (await signUp(t, { email: 'owner@example.com' })).id;
});

const pathOf = async (id: string) =>
  (await t.db.selectFrom('videos').select('path').where('id', '=', id).executeTakeFirstOrThrow()).path;

describe('0011-release-refused-files', () => {
  it('lets go of refused files only, leaving waiting and processed videos alone', async () => {
    const refused = await createVideo(t.db, ownerId, {
      status: 'not_uploaded',
      processing_error: 'NOT_A_VIDEO',
      path: 'videos/a.svg',
      size_bytes: 10,
    });
    const waiting = await createVideo(t.db, ownerId, { status: 'not_uploaded', path: 'videos/b.mp4' });
    const processed = await createVideo(t.db, ownerId, { status: 'not_verified', path: 'videos/c.mp4' });
    await up(t.db);
    expect(await pathOf(refused)).toBeNull();
    expect(await pathOf(waiting)).toBe('videos/b.mp4');
    expect(await pathOf(processed)).toBe('videos/c.mp4');
  });
});
