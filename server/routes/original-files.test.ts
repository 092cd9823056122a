import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVideo, type TestUser } from '../../tests/support/factories';
import { isPageRedirect, publishedOperations } from '../../tests/support/openapi';
import { setUpTestApp } from '../../tests/support/set-up-test-app';
import { editValues } from '../../tests/support/valid-bodies';

/**
 * The original is what buyers pay for (issue 17): apart from its owner and staff, nobody may get a URL
 * of a file under `videos/` from any endpoint. Every read the API publishes is called as a visitor, a
 * member and a verified member, with the ids of a public video that has a file and a ready preview, and
 * no answer may name an original's storage key (a signed local URL, an S3 one or the bare path).
 */

const TV_HOST = 'tv.example.com';
/** A storage key of an original, however it is wrapped: `videos/<uuid>.<ext>`. */
const ORIGINAL_KEY = /videos(?:\/|%2F)[0-9a-f-]{36}\./i;

type Caller = 'anonymous' | 'member' | 'verified';
let users: Record<Exclude<Caller, 'anonymous'> | 'owner' | 'staff', TestUser>;
let videoId: string;
let suggestionId: string;
/** A partner's Media RSS feed (`<token>.xml`) that lists the video: its items point at the preview. */
let feedFile: string;

const t = setUpTestApp({ TV_HOSTNAMES: TV_HOST });
beforeAll(async () => {
  users = {
    member: await createUser(t, {}),
    verified: await createUser(t, { verified: true }),
    owner: await createUser(t, { verified: true }),
    staff: await createUser(t, { verified: true, rights: ['manage_videos'] }),
  };
  videoId = await createVideo(t.db, users.owner.id, {
    title: 'Harbour original',
    keywords: ['harbour'],
    status: 'ready',
    path: 'placeholder',
  });
  const original = `videos/${videoId}.mp4`;
  const preview = `previews/${videoId}.mp4`;
  await t.storage.put(original, crypto.randomBytes(2000), 'video/mp4');
  await t.storage.put(preview, crypto.randomBytes(1000), 'video/mp4');
  await t.db
    .updateTable('videos')
    .set({ path: original, preview_status: 'ready', preview_key: preview })
    .where('id', '=', videoId)
    .execute();
  // A suggestion of the verified member, so their own list embeds the video too.
  const suggestion = await t.app.inject({
    method: 'POST',
    url: `/api/videos/${videoId}/edit_suggestions`,
    headers: { cookie: users.verified.cookie, origin: t.config.publicUrl },
    payload: editValues,
  });
  expect(suggestion.statusCode).toBe(201);
  suggestionId = suggestion.json().id;
  const admin = await createUser(t, { verified: true, rights: ['admin'] });
  const feed = await t.app.services.mrssFeeds.create(admin.id, {
    name: 'Partner feed',
    language: 'en',
    partnerName: 'Partner',
    filter: { keywords: ['harbour'], categoryId: null, shotFrom: null, shotTo: null, licensableOnly: false },
  });
  feedFile = feed.url.split('/').pop()!;
}, 120_000);

/** Path parameters filled with the public video, its owner and the suggestion; anything else gets a dummy. */
function fill(path: string): string {
  const values: Record<string, string> = {
    videoId,
    userId: users.owner.id,
    suggestionId,
    id: videoId,
    file: feedFile,
    '*': `videos/${videoId}.mp4`,
  };
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? 'x');
}

/** Queries that make the lists include the video: its owner's list, a search on its keyword. */
const QUERIES: Record<string, string> = {
  '/api/videos': `?userId=${'OWNER'}`,
  '/api/videos/search': '?keywords=harbour&q=harbour',
};

async function readAs(caller: Caller, url: string, host?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: {
      origin: t.config.publicUrl,
      ...(caller !== 'anonymous' && { cookie: users[caller].cookie }),
      ...(host && { host }),
    },
  });
}

describe("nobody but the owner and staff gets an original's URL", () => {
  it('finds the original named in the answers of its owner and staff (the check can see one)', async () => {
    for (const user of [users.owner, users.staff]) {
      const response = await t.app.inject({
        url: `/api/videos/${videoId}/playback`,
        headers: { cookie: user.cookie },
      });
      expect(response.body).toMatch(ORIGINAL_KEY);
    }
  });

  it('finds no original in the answer of any read the API publishes, to a visitor or another member', async () => {
    const reads = (await publishedOperations(t.app)).filter(
      (operation) =>
        operation.method === 'GET' && !isPageRedirect(operation) && operation.path !== '/api/events',
    );
    // The lists and pages that embed a video are among them; make sure they really show it.
    const showsVideo = new Set<string>();
    for (const caller of ['anonymous', 'member', 'verified'] as const) {
      for (const operation of reads) {
        const query = (QUERIES[operation.path] ?? '').replace('OWNER', users.owner.id);
        const url = `${fill(operation.path)}${query}`;
        const answers = [await readAs(caller, url)];
        if (operation.path.startsWith('/api/tv/')) answers.push(await readAs(caller, url, TV_HOST));
        for (const response of answers) {
          expect(response.body, `GET ${url} as ${caller}`).not.toMatch(ORIGINAL_KEY);
          if (response.statusCode === 200 && response.body.includes(videoId)) showsVideo.add(operation.key);
        }
      }
    }
    expect([...showsVideo].sort()).toEqual(
      expect.arrayContaining([
        'GET /api/videos',
        'GET /api/videos/search',
        'GET /api/videos/{videoId}',
        'GET /api/videos/{videoId}/playback',
        'GET /api/me/edit_suggestions',
        'GET /api/feeds/mrss/{file}',
      ]),
    );
  });

  it('gives the review queue and the suggestions staff decide to nobody else', async () => {
    for (const caller of ['anonymous', 'member', 'verified'] as const) {
      for (const url of ['/api/review/videos', '/api/video_edits']) {
        const response = await readAs(caller, url);
        expect([401, 403]).toContain(response.statusCode);
        expect(response.body).not.toMatch(ORIGINAL_KEY);
      }
    }
  });
});
