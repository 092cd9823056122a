import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { processingFixture } from '../../tests/support/processing-fixture';
import { testDatabaseKind } from '../../tests/support/test-database';
import { ffmpegPath, QUIETLY, renderTestVideo } from '../adapters/media/ffmpeg';
import { processVideo } from './video-processing.job';

/**
 * The processing job where the database decides: an exact duplicate, two runs at once, a retried job,
 * a near copy found through the index. On both databases (vitest.config.ts); what the job makes of a
 * file (thumbnails, refusals) is video-processing.files.test.ts, on the embedded one.
 */
const run = promisify(execFile);
const fixture = processingFixture();
const { clip, uploaded, rowOf } = fixture;

/** Waits until `count` sessions of this database wait for a lock. */
async function waitForBlockedSessions(count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    // Asked outside any transaction: inside one, pg_stat_activity stays as first read.
    const { rows } = await fixture.database.pool.query(
      `select count(*)::int as blocked from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0].blocked >= count) return;
    if (Date.now() > deadline) throw new Error('the runs never reached the duplicate check');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('processVideo', () => {
  it('marks a second video with the same content as a duplicate', async () => {
    const file = await clip('testsrc', 2);
    const first = await uploaded(file);
    const second = await uploaded(file);

    expect((await processVideo({ videoId: first }, fixture.deps))?.status).toBe('not_verified');
    expect((await processVideo({ videoId: second }, fixture.deps))?.status).toBe('duplicate');
    expect((await rowOf(first)).status).toBe('not_verified');
  });

  it('lets exactly one of two identical videos processed at the same time be the original', async () => {
    const file = await clip('rgbtestsrc', 2);
    const ids = [await uploaded(file), await uploaded(file)];

    const results = await Promise.all(ids.map((videoId) => processVideo({ videoId }, fixture.deps)));

    expect(results.map((result) => result?.status).sort()).toEqual(['duplicate', 'not_verified']);
    const rows = await Promise.all(ids.map(rowOf));
    expect(rows.map((row) => row.status).sort()).toEqual(['duplicate', 'not_verified']);
  });

  // Both runs held at the duplicate check at once, which the test above leaves to chance. Only
  // PostgreSQL has parallel sessions: the embedded database runs one transaction after the other.
  it.runIf(testDatabaseKind() === 'postgres')(
    'lets exactly one be the original even when both reach the duplicate check together',
    async () => {
      const file = await clip('cellauto', 2);
      const ids = [await uploaded(file), await uploaded(file)];
      // Row locks on both videos stop each run at its update, or before it at the hash's lock.
      const gate = await fixture.database.pool.connect();
      try {
        await gate.query('begin');
        await gate.query('select id from videos where id = any($1) for update', [ids]);
        const results = Promise.all(ids.map((videoId) => processVideo({ videoId }, fixture.deps)));
        await waitForBlockedSessions(2);
        await gate.query('commit');
        expect((await results).map((result) => result?.status).sort()).toEqual(['duplicate', 'not_verified']);
      } finally {
        gate.release(true); // closing the session ends its transaction too, if a failure left it open
      }
    },
  );

  it('gives the same result when run twice, one after the other or at once (a retried job)', async () => {
    const id = await uploaded(await clip('smptehdbars', 2));

    const atOnce = await Promise.all([
      processVideo({ videoId: id }, fixture.deps),
      processVideo({ videoId: id }, fixture.deps),
    ]);
    const rowAfter = await rowOf(id);
    const again = await processVideo({ videoId: id }, fixture.deps);

    expect(atOnce).toEqual([again, again]);
    expect(again).toEqual({ status: 'not_verified', processingError: null });
    expect(await rowOf(id)).toEqual(rowAfter);
  });
});

// Three clips made and processed with ffmpeg: 5 s idle, up to two minutes beside the whole suite (the
// limit only catches a hang).
describe('near-duplicates found in processing', { timeout: 240_000 }, () => {
  const copyOf = (videoId: string) =>
    fixture.database.db
      .selectFrom('video_copy_matches')
      .selectAll()
      .where('video_id', '=', videoId)
      .executeTakeFirst();

  it('flags a re-encoded, resized, trimmed copy of an earlier video with it and the stretch they share; not a distinct one', async () => {
    const source = path.join(fixture.fixtures, 'fractal.mp4');
    await renderTestVideo('mandelbrot', 10, source, { size: '320x180', audio: false });
    const original = await uploaded(source);
    expect((await processVideo({ videoId: original }, fixture.deps))?.status).toBe('not_verified');
    // Seconds 2-8 of it, larger, at a low bitrate, as a phone's share sheet would send it.
    const trimmed = path.join(fixture.fixtures, 'fractal-copy.mp4');
    await run(ffmpegPath, [
      ...QUIETLY,
      ...['-ss', '2', '-t', '6', '-i', source, '-vf', 'scale=480:270'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32', trimmed],
    ]);
    const copy = await uploaded(trimmed);
    const distinct = await uploaded(await clip('life=seed=7:mold=10:size=320x180', 6));

    // A near copy is not an exact one: staff decide, so the status is the usual one.
    expect((await processVideo({ videoId: copy }, fixture.deps))?.status).toBe('not_verified');
    expect((await processVideo({ videoId: distinct }, fixture.deps))?.status).toBe('not_verified');

    const match = await copyOf(copy);
    expect(match).toMatchObject({ original_id: original, mirrored: false, decision: null });
    expect(match!.starts_at).toBeLessThanOrEqual(0.5);
    expect(match!.ends_at).toBeGreaterThanOrEqual(5.5);
    expect(match!.original_starts_at).toBeCloseTo(2 + match!.starts_at, 0);
    expect(match!.original_ends_at).toBeCloseTo(2 + match!.ends_at, 0);
    expect(match!.score).toBeGreaterThan(0.9);
    expect(await copyOf(distinct)).toBeUndefined();
    expect(await copyOf(original)).toBeUndefined();
    // Every processed video joins the index the next upload is looked up in.
    const indexed = await fixture.database.db
      .selectFrom('video_frame_keys')
      .select(({ fn }) => fn.count<number>('key').as('keys'))
      .where('video_id', '=', original)
      .executeTakeFirstOrThrow();
    expect(Number(indexed.keys)).toBe(4 * 10);
  });
});
