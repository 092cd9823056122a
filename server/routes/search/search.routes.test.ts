import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KeywordSuggestions } from '../../../common/contracts/search';
import type { VideoListResponse } from '../../../common/contracts/videos';
import { createUser, createVideo } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { makeVerified, signUp } from '../../../tests/support/test-app';

let ownerId: string;
let minute = 0;

/** A video of the owner, approved and public unless told otherwise; each one newer than the last. */
function video(
  title: string,
  keywords: string[],
  options: { description?: string; status?: string; privacy?: string } = {},
) {
  return createVideo(t.db, ownerId, {
    title,
    keywords,
    description: options.description ?? '',
    ...(options.status && { status: options.status }),
    ...(options.privacy && { privacy: options.privacy }),
    // Inserted later means newer: the newest come first within a tier.
    created_at: new Date(Date.UTC(2026, 0, 1) + ++minute * 60_000),
  });
}

const t = setUpTestApp();
beforeAll(async () => {
  ownerId = (await signUp(t, { email: 'creator@example.com', name: 'Creator' })).id;
  await video('Harbour at dawn', ['Sunset', 'Λεμεσός', 'harbour']);
  await video('Kids on the beach', ['sunset', 'beach']);
  await video('Old town walk', ['Πάφος', 'walk'], { description: 'Narrow streets of the old town.' });
  await video('Καταιγίδα στη μαρίνα', ['storm'], { description: 'Αστραπές πάνω από τη Λεμεσό τη νύχτα.' });
  await video('Hidden sunset', ['sunset'], { status: 'not_verified' });
  await video('Declined sunset', ['sunset', 'beach'], { status: 'declined' });
  await video('Sunset over Paphos', ['boats'], { description: 'Fishing boats come back in.' });
  await video('Evening boats', ['boats'], { description: 'A calm sunset, with the boats coming home.' });
});

const search = async (query: string) => {
  const response = await t.app.inject(`/api/videos/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as VideoListResponse;
};
/** A member with the manage_videos right. */
const staffMember = (email: string) => createUser(t, { email, rights: ['manage_videos'] });
const titles = async (query: string) => (await search(query)).items.map((v) => v.title);

describe('GET /api/videos/search by keywords', () => {
  it('finds the videos carrying one keyword, whatever its case', async () => {
    expect(await titles('keywords=HARBOUR')).toEqual(['Harbour at dawn']);
  });

  it('needs every chosen keyword on a video (AND), keyword matches first, then title, then description', async () => {
    expect(await titles(`keywords=${encodeURIComponent('sunset,beach')}`)).toEqual(['Kids on the beach']);
    expect(await titles('keywords=sunset')).toEqual([
      'Kids on the beach',
      'Harbour at dawn',
      'Sunset over Paphos',
      'Evening boats',
    ]);
  });

  it('finds Greek keywords with and without accents, with either sigma, in any case', async () => {
    for (const keyword of ['Πάφος', 'παφος', 'ΠΑΦΟΣ', 'Παφοσ']) {
      expect(await titles(`keywords=${encodeURIComponent(keyword)}`)).toEqual(['Old town walk']);
    }
    expect(await titles(`keywords=${encodeURIComponent('λεμεσος')}`)).toEqual([
      'Harbour at dawn',
      'Καταιγίδα στη μαρίνα',
    ]);
  });

  it('shows strangers and signed-in users only publicly visible videos', async () => {
    const all = await titles('keywords=sunset&limit=40');
    expect(all).not.toContain('Hidden sunset');
    expect(all).not.toContain('Declined sunset');
    const member = await signUp(t, { email: 'member@example.com' });
    const response = await t.app.inject({
      url: '/api/videos/search?keywords=sunset',
      headers: { cookie: member.cookie },
    });
    expect(response.json().items.map((v: { title: string }) => v.title)).not.toContain('Hidden sunset');
  });

  it('shows staff every status, as the video lists do', async () => {
    const staff = await staffMember('staff@example.com');
    const response = await t.app.inject({
      url: '/api/videos/search?keywords=sunset,beach',
      headers: { cookie: staff.cookie },
    });
    expect(response.json().items.map((v: { title: string }) => v.title)).toEqual([
      'Declined sunset',
      'Kids on the beach',
    ]);
  });

  it('keeps private and unlisted videos out of search for everyone but staff', async () => {
    await video('Private lighthouse', ['lighthouse'], { privacy: 'private' });
    await video('Unlisted lighthouse', ['lighthouse'], { privacy: 'unlisted' });
    await video('Public lighthouse', ['lighthouse']);
    expect(await titles('keywords=lighthouse')).toEqual(['Public lighthouse']);
    expect(await titles('q=lighthouse')).toEqual(['Public lighthouse']);
    const staff = await staffMember('privacy-staff@example.com');
    const response = await t.app.inject({
      url: '/api/videos/search?keywords=lighthouse',
      headers: { cookie: staff.cookie },
    });
    expect(response.json().items.map((v: { title: string }) => v.title)).toEqual([
      'Public lighthouse',
      'Unlisted lighthouse',
      'Private lighthouse',
    ]);
  });

  it('answers an empty page for a keyword no video carries', async () => {
    expect(await search('keywords=nothinglikethis')).toEqual({ items: [], nextCursor: null });
  });
});

describe('GET /api/videos/search by words', () => {
  it('finds words in titles and descriptions, English stems included', async () => {
    expect(await titles('q=streets')).toEqual(['Old town walk']);
    expect(await titles('q=street')).toEqual(['Old town walk']);
    expect(await titles('q=fishing%20boats')).toEqual(['Sunset over Paphos']);
  });

  it('finds Greek words without accents, in another form, or in capitals', async () => {
    for (const q of ['αστραπες', 'ΑΣΤΡΑΠΈΣ', 'καταιγιδα', 'μαρίνας']) {
      expect(await titles(`q=${encodeURIComponent(q)}`), q).toEqual(['Καταιγίδα στη μαρίνα']);
    }
  });
});

describe('paging', () => {
  it('pages across the tiers without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const result: VideoListResponse = await search(
        `keywords=sunset&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...result.items.map((v) => v.title));
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(['Kids on the beach', 'Harbour at dawn', 'Sunset over Paphos', 'Evening boats']);
  });
});

describe('refused searches', () => {
  it('refuses more than 10 keywords with a clear error', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `word${i}`).join(',');
    const response = await t.app.inject(`/api/videos/search?keywords=${eleven}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'keywords', message: 'search.errors.tooManyKeywords' }],
    });
    const ten = Array.from({ length: 10 }, (_, i) => `word${i}`).join(',');
    expect((await t.app.inject(`/api/videos/search?keywords=${ten}`)).statusCode).toBe(200);
  });

  it('refuses an empty search, a forged cursor and a limit out of range', async () => {
    expect((await t.app.inject('/api/videos/search')).statusCode).toBe(400);
    expect((await t.app.inject('/api/videos/search?keywords=%20,%20')).statusCode).toBe(400);
    expect((await t.app.inject('/api/videos/search?keywords=a&cursor=%25%25')).statusCode).toBe(400);
    const forged = Buffer.from('7-abc').toString('base64url');
    expect((await t.app.inject(`/api/videos/search?keywords=a&cursor=${forged}`)).statusCode).toBe(400);
    expect((await t.app.inject('/api/videos/search?keywords=a&limit=500')).statusCode).toBe(400);
  });

  it('treats query syntax in the words as plain text', async () => {
    expect(await titles(`q=${encodeURIComponent("boats & !fishing | ' :* (")}`)).toEqual([
      'Sunset over Paphos',
    ]);
  });
});

describe('a submitted video', () => {
  it('is found by its keywords, accents ignored, once it is public', async () => {
    const creator = await signUp(t, { email: 'submitter@example.com' });
    await makeVerified(t, creator, 'Submitter');
    const png = await sharp({ create: { width: 30, height: 10, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { origin: t.config.publicUrl, cookie: creator.cookie },
      payload: {
        title: 'Snow on Troodos',
        description: 'Χιόνι στο Τρόοδος.',
        keywords: 'Τρόοδος, χιόνι',
        externalUrl: '',
        ownerName: 'Submitter One',
        ownerEmail: 'submitter@example.com',
        ownerPhone: '+35799123456',
        ownerCountry: 'CY',
        ownerInstagram: '',
        ownerDob: '1990-05-01',
        signature: `data:image/png;base64,${png.toString('base64')}`,
        isPolicyAgreed: true,
        fileName: 'snow.mp4',
        fileSize: 1000,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await titles('keywords=troodos')).toEqual([]);
    await t.db
      .updateTable('videos')
      .set({ status: 'approved' })
      .where('id', '=', created.json().id)
      .execute();
    expect(await titles(`keywords=${encodeURIComponent('τροοδοσ,ΧΙΟΝΙ')}`)).toEqual(['Snow on Troodos']);
  });
});

describe('GET /api/keywords/suggestions', () => {
  const suggest = async (query: string) => {
    const response = await t.app.inject(`/api/keywords/suggestions?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age=');
    return (response.json() as KeywordSuggestions).items;
  };

  it('lists keywords starting with the typed text, most used first, shown as entered', async () => {
    const items = await suggest('q=S');
    expect(items.map((k) => k.keyword)).toEqual(['sunset', 'storm']);
    // Only publicly listed videos count: the not_verified and declined sunsets do not.
    expect(items[0]).toEqual({ keyword: 'sunset', label: 'Sunset', count: 2 });
    expect((await suggest(`q=${encodeURIComponent('πά')}`)).map((k) => k.label)).toEqual(['Πάφος']);
    expect((await suggest(`q=${encodeURIComponent('ΛΕΜ')}`)).map((k) => k.keyword)).toEqual(['λεμεσοσ']);
  });

  it('keeps to the limit, treats % and _ as text, and gives the most used for an empty text', async () => {
    expect(await suggest('q=s&limit=1')).toHaveLength(1);
    expect(await suggest('q=%25')).toEqual([]);
    expect(await suggest('q=_')).toEqual([]);
    // boats and sunset are both on two listed videos; a tie goes alphabetically.
    expect((await suggest('limit=1')).map((k) => k.keyword)).toEqual(['boats']);
  });

  it('offers a keyword of private and unlisted videos only as often as public videos have it', async () => {
    const [lighthouse] = await suggest('q=lighthouse');
    expect(lighthouse).toMatchObject({ keyword: 'lighthouse', count: 1 });
  });

  it('refuses a list longer than 21', async () => {
    expect((await t.app.inject('/api/keywords/suggestions?q=s&limit=22')).statusCode).toBe(400);
    expect((await t.app.inject('/api/keywords/suggestions?q=s&limit=21')).statusCode).toBe(200);
  });
});
