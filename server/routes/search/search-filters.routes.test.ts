import { beforeAll, describe, expect, it } from 'vitest';
import type { Coordinates } from '../../../common/contracts/location';
import type { VideoListResponse } from '../../../common/contracts/videos';
import { createUser, createVideo } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';

/** Places of the test videos (decimal degrees) and how far apart they are. */
const LIMASSOL = { lat: 34.6706, lng: 33.0426 };
const PAPHOS = { lat: 34.7535, lng: 32.4067 }; // 59 km west of Limassol
const NICOSIA = { lat: 35.1856, lng: 33.3823 }; // 65.1 km north-north-east of Limassol
const SUVA = { lat: -18.1416, lng: 178.4419 };
const EAST_OF_THE_DATELINE = { lat: -18.0, lng: -179.5 }; // 218 km east of Suva, across the 180th meridian

let ownerId: string;
let minute = 0;

/** A video filmed at `marker` (or, without one, at its address's point) on `date`; each newer than the last. */
function video(
  title: string,
  options: {
    marker?: Coordinates;
    address?: Coordinates;
    date?: string;
    keywords?: string[];
    status?: string;
    privacy?: string;
  },
) {
  const location =
    options.marker || options.address
      ? JSON.stringify({
          address: title,
          coordinates: options.marker ?? null,
          addressCoordinates: options.address ?? null,
          zoom: 13,
        })
      : null;
  return createVideo(t.db, ownerId, {
    title,
    keywords: options.keywords ?? [],
    location,
    date: options.date ?? null,
    ...(options.status && { status: options.status }),
    ...(options.privacy && { privacy: options.privacy }),
    created_at: new Date(Date.UTC(2026, 0, 1) + ++minute * 60_000),
  });
}

const t = setUpTestApp();
beforeAll(async () => {
  ownerId = (await signUp(t, { email: 'creator@example.com', name: 'Creator' })).id;
  await video('Limassol marina', { marker: LIMASSOL, date: '2026-03-01', keywords: ['storm'] });
  // The marker wins over the address's point: the creator moved it to where they stood.
  await video('Moved to Limassol', { marker: LIMASSOL, address: PAPHOS, date: '2026-03-05' });
  await video('Paphos harbour', { address: PAPHOS, date: '2026-03-10', keywords: ['storm'] });
  await video('Nicosia walls', { marker: NICOSIA, date: '2026-04-01' });
  await video('Nowhere in particular', { date: '2026-03-02', keywords: ['storm'] });
  await video('Suva bay', { marker: SUVA });
  await video('Past the dateline', { marker: EAST_OF_THE_DATELINE });
  await video('Private Limassol', { marker: LIMASSOL, date: '2026-03-03', privacy: 'private' });
  await video('Unlisted Limassol', { marker: LIMASSOL, date: '2026-03-03', privacy: 'unlisted' });
  await video('Declined Limassol', { marker: LIMASSOL, date: '2026-03-03', status: 'declined' });
  await video('Unverified Limassol', { marker: LIMASSOL, date: '2026-03-03', status: 'not_verified' });
});

const near = (point: Coordinates, radiusKm: number) =>
  `lat=${point.lat}&lng=${point.lng}&radiusKm=${radiusKm}`;
async function titles(query: string, cookie?: string): Promise<string[]> {
  const response = await t.app.inject({
    url: `/api/videos/search?${query}`,
    ...(cookie && { headers: { cookie } }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as VideoListResponse).items.map((item) => item.title);
}

describe('GET /api/videos/search by place and radius', () => {
  it('finds the videos filmed within the radius of the point, newest first, by the marker before the address', async () => {
    expect(await titles(near(LIMASSOL, 10))).toEqual(['Moved to Limassol', 'Limassol marina']);
    expect(await titles(near(LIMASSOL, 70))).toEqual([
      'Nicosia walls',
      'Paphos harbour',
      'Moved to Limassol',
      'Limassol marina',
    ]);
    // Paphos's 10 km hold the video placed by its address only, not the one whose marker moved away.
    expect(await titles(near(PAPHOS, 10))).toEqual(['Paphos harbour']);
  });

  it('measures the distance on the sphere: 65 km is not enough for Nicosia, 66 km is', async () => {
    expect(await titles(near(LIMASSOL, 65))).not.toContain('Nicosia walls');
    expect(await titles(near(LIMASSOL, 66))).toContain('Nicosia walls');
  });

  it('reaches across the 180th meridian', async () => {
    expect(await titles(near(SUVA, 100))).toEqual(['Suva bay']);
    expect(await titles(near(SUVA, 250))).toEqual(['Past the dateline', 'Suva bay']);
    expect(await titles(near(EAST_OF_THE_DATELINE, 250))).toEqual(['Past the dateline', 'Suva bay']);
  });

  it('narrows a keyword search to the place', async () => {
    expect(await titles('keywords=storm')).toEqual([
      'Nowhere in particular',
      'Paphos harbour',
      'Limassol marina',
    ]);
    expect(await titles(`keywords=storm&${near(LIMASSOL, 10)}`)).toEqual(['Limassol marina']);
  });
});

describe('GET /api/videos/search by the days it was filmed', () => {
  it('keeps the videos filmed from the first day to the last, both included', async () => {
    expect(await titles('shotFrom=2026-03-01&shotTo=2026-03-05')).toEqual([
      'Nowhere in particular',
      'Moved to Limassol',
      'Limassol marina',
    ]);
    expect(await titles('shotFrom=2026-03-06')).toEqual(['Nicosia walls', 'Paphos harbour']);
    expect(await titles('shotTo=2026-03-01')).toEqual(['Limassol marina']);
  });

  it('combines with a place and with keywords', async () => {
    expect(await titles(`shotFrom=2026-03-02&${near(LIMASSOL, 70)}`)).toEqual([
      'Nicosia walls',
      'Paphos harbour',
      'Moved to Limassol',
    ]);
    expect(await titles('keywords=storm&shotFrom=2026-03-02')).toEqual([
      'Nowhere in particular',
      'Paphos harbour',
    ]);
  });
});

describe('what the filters show', () => {
  it('never shows a stranger or a member a private, unlisted, declined or unverified video', async () => {
    const member = await signUp(t, { email: 'member@example.com' });
    for (const cookie of [undefined, member.cookie]) {
      expect(await titles(`${near(LIMASSOL, 10)}&shotFrom=2026-03-03&shotTo=2026-03-03`, cookie)).toEqual([]);
    }
  });

  it('shows staff every status, as the keyword search does', async () => {
    const staff = await createUser(t, { email: 'staff@example.com', rights: ['manage_videos'] });
    expect(await titles(`${near(LIMASSOL, 10)}&shotFrom=2026-03-03&shotTo=2026-03-03`, staff.cookie)).toEqual(
      ['Unverified Limassol', 'Declined Limassol', 'Unlisted Limassol', 'Private Limassol'],
    );
  });

  it('pages through filter-only results without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await t.app.inject(
        `/api/videos/search?${near(LIMASSOL, 70)}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page = response.json() as VideoListResponse;
      seen.push(...page.items.map((item) => item.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(await titles(near(LIMASSOL, 70)));
    expect(seen).toHaveLength(4);
  });
});

describe('refused filters', () => {
  const refusal = async (query: string) => {
    const response = await t.app.inject(`/api/videos/search?${query}`);
    expect(response.statusCode, query).toBe(400);
    return (response.json() as { fields: { field: string; message: string }[] }).fields;
  };

  it('says which part of a place is missing or out of range', async () => {
    expect(await refusal(`lat=${LIMASSOL.lat}&lng=${LIMASSOL.lng}`)).toEqual([
      { field: 'radiusKm', message: 'search.errors.placeIncomplete' },
    ]);
    expect(await refusal(near(LIMASSOL, 501))).toEqual([
      { field: 'radiusKm', message: 'search.errors.radiusTooLarge' },
    ]);
    expect((await refusal(`lat=91&lng=0&radiusKm=5`))[0]?.field).toBe('lat');
  });

  it('refuses a date that is not one, and a last day before the first', async () => {
    expect(await refusal('shotFrom=2026-02-30')).toEqual([
      { field: 'shotFrom', message: 'search.errors.badDate' },
    ]);
    expect(await refusal('shotFrom=2026-03-05&shotTo=2026-03-01')).toEqual([
      { field: 'shotTo', message: 'search.errors.datesReversed' },
    ]);
  });

  it('still asks for something to search by', async () => {
    expect(await refusal('')).toEqual([{ field: 'keywords', message: 'search.errors.nothingToSearch' }]);
  });
});
