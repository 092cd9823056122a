import { beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';
import { rebuildKeywordSummary } from './0009-public-keyword-summary';

/** Migration 0009: the keyword summary rebuilt from the publicly listed videos only. */
let ownerId: string;
let minute = 0;
const t = setUpTestApp();
beforeAll(async () => {
  ownerId = (await signUp(t, { email: 'owner@example.com' })).id;
});

/** The summary these keep is replaced below: the test sets the old rule's counts itself. */
async function video(keywords: string[], status: string, privacy = 'public') {
  await createVideo(t.db, ownerId, {
    title: 'A video',
    description: '',
    keywords,
    status,
    privacy,
    created_at: new Date(Date.UTC(2026, 0, 1) + ++minute * 60_000),
  });
}

describe('rebuildKeywordSummary', () => {
  it('counts exactly the keywords of public videos with a public status, by their normal form', async () => {
    await video(['Sunset', 'Λεμεσός', 'harbour'], 'approved');
    await video(['sunset', 'LEMESOS', 'λεμεσος'], 'ready');
    await video(['sunset', 'boats'], 'yt_uploaded');
    await video(['Sunset', 'beach'], 'Ready'); // the old spelling reads as ready
    for (const status of [
      'not_uploaded',
      'not_verified',
      'duplicate',
      'declined',
      'archived',
      'yt_removed',
    ]) {
      await video(['sunset', `hidden-${status}`], status);
    }
    await video(['sunset', 'secret'], 'approved', 'private');
    await video(['sunset', 'unlisted-only'], 'ready', 'unlisted');
    // What the old rule left behind: counts of hidden videos, and a keyword no video has any more.
    await t.db.deleteFrom('keyword_summary').execute();
    await t.db
      .insertInto('keyword_summary')
      .values([
        { keyword: 'sunset', label: 'sunset', count: 99 },
        { keyword: 'secret', label: 'secret', count: 1 },
        { keyword: 'gone', label: 'gone', count: 3 },
      ])
      .execute();

    await rebuildKeywordSummary(t.db);

    const rows = await t.db.selectFrom('keyword_summary').selectAll().orderBy('keyword').execute();
    expect(rows).toEqual([
      { keyword: 'beach', label: 'beach', count: 1 },
      { keyword: 'boats', label: 'boats', count: 1 },
      { keyword: 'harbour', label: 'harbour', count: 1 },
      { keyword: 'lemesos', label: 'LEMESOS', count: 1 },
      { keyword: 'sunset', label: 'Sunset', count: 4 },
      // One video writing a keyword twice counts it once, as the summary's change does.
      { keyword: 'λεμεσοσ', label: 'Λεμεσός', count: 2 },
    ]);

    // Run again (a retried migration): the same counts.
    await rebuildKeywordSummary(t.db);
    expect(await t.db.selectFrom('keyword_summary').selectAll().orderBy('keyword').execute()).toEqual(rows);
  });
});
