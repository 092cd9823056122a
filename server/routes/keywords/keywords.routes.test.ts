import { beforeAll, describe, expect, it } from 'vitest';
import type { KeywordsResponse } from '../../../common/contracts/videos';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';
import { keywordSummaryRepository } from '../../repositories/keyword-summary.repository';

/** GET /api/keywords: the popular keywords of the home page, from the keyword summary. */
const t = setUpTestApp();
beforeAll(async () => {
  const summary = keywordSummaryRepository(t.db);
  await summary.change(['sea', 'Θάλασσα', 'night'], 1);
  await summary.change(['sea', 'θάλασσα'], 1);
  await summary.change(['sea'], 1);
  for (let n = 0; n < 30; n++) await summary.change([`rare-${String(n).padStart(2, '0')}`], 1);
});

describe('GET /api/keywords', () => {
  it('lists the most used keywords first, 20 by default, cacheable by anyone for 5 minutes', async () => {
    const response = await t.app.inject('/api/keywords');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const { keywords } = response.json() as KeywordsResponse;
    expect(keywords).toHaveLength(20);
    expect(keywords.slice(0, 3)).toEqual([
      { keyword: 'sea', label: 'sea', count: 3 },
      { keyword: 'θαλασσα', label: 'Θάλασσα', count: 2 },
      { keyword: 'night', label: 'night', count: 1 },
    ]);
  });

  it('answers the same to a signed-in caller (nothing personal in it)', async () => {
    const user = await signUp(t, { email: 'kw@example.com' });
    const anonymous = (await t.app.inject('/api/keywords?limit=5')).json();
    const signedIn = await t.app.inject({ url: '/api/keywords?limit=5', headers: { cookie: user.cookie } });
    expect(signedIn.json()).toEqual(anonymous);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
  });

  it('takes a limit from 1 to 100', async () => {
    expect(((await t.app.inject('/api/keywords?limit=1')).json() as KeywordsResponse).keywords).toHaveLength(
      1,
    );
    expect(
      ((await t.app.inject('/api/keywords?limit=100')).json() as KeywordsResponse).keywords,
    ).toHaveLength(33);
    for (const limit of ['0', '101', 'many', '2.5']) {
      const response = await t.app.inject(`/api/keywords?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
