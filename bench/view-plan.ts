/**
 * The views `view-counting.ts` sends, decided before the run so the counts can be checked after it:
 * visitors (an address behind the proxy and a browser; some households share an address), signed-in
 * members, a few crawlers (answered alike, never counted), on videos of skewed popularity, with reloads
 * (the same viewer and video again the same day, counted once). Deterministic for a given seed.
 */
import { isbot } from 'isbot';

/** One request of a run, as the load client sends it. */
export interface PlannedRequest {
  path: string;
  headers: Record<string, string>;
}

/** What a run of views should leave: each video's counted views (distinct viewers). */
export interface ViewPlan {
  requests: PlannedRequest[];
  expected: Map<string, number>;
  counted: number;
  repeats: number;
  bots: number;
  memberViews: number;
}

const BROWSERS = [
  (n: number) =>
    `Mozilla/5.0 (Linux; Android 14; Pixel ${n % 9}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Mobile Safari/537.36`,
  (n: number) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS 18_${n % 7} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.${n % 5} Mobile/15E148 Safari/604.${n}`,
  (n: number) =>
    `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.${n}.0 Safari/537.36 Edg/130.0.${n}.0`,
  (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:13${n % 5}.0) Gecko/20100101 Firefox/13${n % 5}.0.${n}`,
];
const CRAWLERS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'curl/8.5.0',
];
/** The per-address limit of the route is 60 a minute; a plan keeps every address under it. */
const MAX_VIEWS_PER_ADDRESS = 50;

/** A small seeded generator (mulberry32): the same plan for the same seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An address of the benchmarking range 198.18.0.0/15, one per number. */
const address = (n: number) => `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;

/**
 * `count` views of `videoIds` by `visitors` visitors (two in five share their address with another
 * browser) and `members` (their session cookies), a `repeatShare` of them reloads of an earlier view and
 * a `botShare` from crawlers. Members come from a fresh address each time, as from a phone on the move.
 */
export function planViews(options: {
  count: number;
  videoIds: string[];
  visitors: number;
  memberCookies: { id: string; cookie: string }[];
  /** The site's origin, which a browser's `fetch` sends with a POST (the app's CSRF guard wants it). */
  origin: string;
  memberShare?: number;
  repeatShare?: number;
  botShare?: number;
  seed?: number;
}): ViewPlan {
  const { count, videoIds, visitors, memberCookies, origin } = options;
  const { memberShare = 0.1, repeatShare = 0.2, botShare = 0.02 } = options;
  const next = random(options.seed ?? 35);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  // Popularity: a few videos take most views (the square of a uniform draw leans to the start).
  const video = () => videoIds[Math.floor(next() ** 2 * videoIds.length)] as string;
  const views: { videoId: string; viewer: string; headers: Record<string, string> }[] = [];
  const perAddress = new Map<string, number>();
  let spareAddress = visitors;
  let repeats = 0;
  let bots = 0;
  let memberViews = 0;

  for (let i = 0; i < count; i++) {
    const roll = next();
    if (roll < repeatShare && views.length > 0) {
      const earlier = pick(views);
      const from = earlier.headers['x-forwarded-for'] ?? '';
      if ((perAddress.get(from) ?? 0) < MAX_VIEWS_PER_ADDRESS) {
        views.push(earlier);
        perAddress.set(from, (perAddress.get(from) ?? 0) + 1);
        repeats++;
        continue;
      }
    }
    if (roll > 1 - botShare) {
      const headers = { 'x-forwarded-for': address(spareAddress++), 'user-agent': pick(CRAWLERS) };
      views.push({ videoId: video(), viewer: 'bot', headers });
      bots++;
      continue;
    }
    if (roll > 1 - botShare - memberShare && memberCookies.length > 0) {
      const member = pick(memberCookies);
      const headers = {
        'x-forwarded-for': address(spareAddress++),
        'user-agent': BROWSERS[0]!(1),
        origin,
        cookie: member.cookie,
      };
      views.push({ videoId: video(), viewer: `u:${member.id}`, headers });
      memberViews++;
      continue;
    }
    const visitor = Math.floor(next() * visitors);
    // Visitors 2k and 2k+1 share an address when k is even: a household, two browsers.
    const household = visitor % 4 < 2 ? visitor - (visitor % 2) : visitor;
    const headers = {
      'x-forwarded-for': address(household),
      'user-agent': BROWSERS[visitor % BROWSERS.length]!(visitor),
      origin,
    };
    if ((perAddress.get(headers['x-forwarded-for']) ?? 0) >= MAX_VIEWS_PER_ADDRESS) {
      throw new Error('a visitor would pass the rate limit: plan more visitors');
    }
    perAddress.set(headers['x-forwarded-for'], (perAddress.get(headers['x-forwarded-for']) ?? 0) + 1);
    views.push({
      videoId: video(),
      viewer: `${headers['x-forwarded-for']} ${headers['user-agent']}`,
      headers,
    });
  }

  const expected = new Map<string, number>();
  const pairs = new Set<string>();
  for (const view of views) {
    if (view.viewer === 'bot') continue;
    const pair = `${view.videoId} ${view.viewer}`;
    if (pairs.has(pair)) continue;
    pairs.add(pair);
    expected.set(view.videoId, (expected.get(view.videoId) ?? 0) + 1);
  }
  // The plan's browsers must read as browsers and its crawlers as crawlers, or the check means nothing.
  if (BROWSERS.some((browser) => isbot(browser(7))) || CRAWLERS.some((crawler) => !isbot(crawler)))
    throw new Error('isbot disagrees with the plan about who is a browser');
  return {
    requests: views.map(({ videoId, headers }) => ({ path: `/api/videos/${videoId}/views`, headers })),
    expected,
    counted: pairs.size,
    repeats,
    bots,
    memberViews,
  };
}

/** The value at quantile `q` (0-1) of ascending `sorted` values (nearest rank). */
export const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
