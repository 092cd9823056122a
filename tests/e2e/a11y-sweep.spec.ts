import { type Browser, expect, type Page, test } from '@playwright/test';
import { type RunningApp, startApp } from './app-server';
import { openInApp, signedInPage } from './journey-steps';
import { analyse, type Finding, format, markChecked } from './test';

/**
 * Every screen of SPEC 2.1, as the user who may see it, in English and Greek at a phone's 375 px and a
 * desktop's 1300 px, checked with axe against WCAG 2.2 A and AA. The other journeys check the pages they
 * visit at their own width and language only; this sweep covers the other three combinations once each
 * instead of running every journey four times. The screens it checks are marked, so a journey that
 * visits one of them at the same width and language does not check it again.
 */
// One app for the whole sweep, in one worker: a test per language and visitor (eight), so that a slow
// machine's sweep is eight waits of a minute or so rather than two of five minutes that ran out of time
// (each test's limit is its own), and the other worker goes on with the other journeys meanwhile.
let app: RunningApp;
/** Real ids from the demo data, so detail screens show their content rather than "not found". */
const ids = { video: '', user: '', licenseRequest: '', collection: '', shared: '', bundle: '' };
/** Signed-in sessions, made once and reused in every language and width. */
const sessions: Record<
  string,
  Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>
> = {};

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  app = await startApp();
  const videos = (await (await fetch(`${app.url}/api/videos?limit=3`)).json()) as {
    items: { id: string; user: { id: string } }[];
  };
  ids.video = videos.items[0]?.id ?? '';
  // The buyer's screens of issue 34 with content: a standing request, a shared collection of two clips
  // of others, and one license request for both.
  const buyerClips = videos.items.filter((video) => video.user.id !== videos.items[0]?.user.id).slice(0, 2);
  for (const [role, email] of Object.entries(ACCOUNTS)) {
    const page = await signedInPage(browser, app, email);
    sessions[role] = await page.context().storageState();
    if (role === 'buyer') {
      const requests = await page.request.get(`${app.url}/api/me/license-requests?limit=1`);
      ids.licenseRequest = ((await requests.json()) as { items: { id: string }[] }).items[0]?.id ?? '';
      const me = await page.request.get(`${app.url}/api/session`);
      ids.user = ((await me.json()) as { user: { id: string } }).user.id;
      await buyersThings(page, buyerClips.length === 2 ? buyerClips : videos.items.slice(1, 3));
    }
    await page.context().close();
  }
  expect(Object.values(ids).every(Boolean)).toBe(true);
});
test.afterAll(async () => {
  await app?.stop();
});

/** What the buyer keeps (issue 34), made through the API as their screens make it. */
async function buyersThings(page: Page, clips: { id: string }[]): Promise<void> {
  const api = async (method: 'GET' | 'POST' | 'PUT', path: string, data?: object) => {
    const response = await page.request.fetch(`${app.url}${path}`, {
      method,
      ...(data && { data }),
      headers: { origin: app.url },
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  await api('POST', '/api/me/standing-requests', { name: 'Harbour storms', search: { keywords: 'storm' } });
  ids.collection = (await api('POST', '/api/me/collections', { name: 'Evening bulletin' })).id;
  for (const clip of clips) await api('PUT', `/api/me/collections/${ids.collection}/items/${clip.id}`, {});
  ids.shared = `/collections/shared/${(await api('POST', `/api/me/collections/${ids.collection}/share`)).shareToken}`;
  const types = (await api('GET', '/api/license-types')) as { types: { id: string; scope: string }[] };
  const billing = (await api('GET', '/api/me/billing-addresses')) as { addresses: { id: string }[] };
  const bundle = await api('POST', `/api/me/collections/${ids.collection}/license-requests`, {
    videoIds: clips.map((clip) => clip.id),
    licenseTypeId: types.types.find((type) => type.scope === 'editorial_web')?.id,
    usage: 'The evening bulletin and its website, for one year.',
    billingAddressId: billing.addresses[0]?.id,
    termsAccepted: true,
  });
  ids.bundle = bundle.id;
}

const ACCOUNTS = {
  member: 'maria@example.com',
  buyer: 'eleni@example.com',
  admin: 'admin@example.com',
} as const;

type Visitor = 'visitor' | keyof typeof ACCOUNTS;
const ROUTES: [Visitor, () => string][] = [
  ['visitor', () => '/'],
  ['visitor', () => '/auth/sign_in'],
  ['visitor', () => '/auth/sign_up'],
  ['visitor', () => '/auth/forgot_password'],
  ['visitor', () => '/users'],
  ['visitor', () => `/users/${ids.user}`],
  ['visitor', () => '/videos'],
  ['visitor', () => '/videos/search'],
  ['visitor', () => '/videos/search/sea,sun'],
  ['visitor', () => `/videos/${ids.video}`],
  ['visitor', () => `/join/${ids.user}`],
  ['visitor', () => '/terms'],
  ['visitor', () => '/privacy'],
  ['visitor', () => '/no/such/page'],
  ['visitor', () => ids.shared],
  ['member', () => '/me'],
  ['member', () => '/me/videos'],
  ['member', () => '/me/referrals'],
  ['member', () => '/me/suggestions'],
  ['member', () => '/me/transactions'],
  ['member', () => '/me/settings'],
  ['member', () => '/me/settings/auth'],
  ['member', () => '/me/settings/info'],
  ['member', () => '/me/settings/billing'],
  ['member', () => '/videos/upload'],
  ['member', () => `/videos/${ids.video}/edit_suggestion`],
  ['member', () => `/videos/${ids.video}/license`],
  ['member', () => '/demand'],
  ['buyer', () => '/me/licenses'],
  ['buyer', () => `/me/licenses/${ids.licenseRequest}`],
  ['buyer', () => `/me/licenses/${ids.licenseRequest}/pay`],
  ['buyer', () => '/video_edits'],
  ['buyer', () => '/me/standing_requests'],
  ['buyer', () => '/me/collections'],
  ['buyer', () => `/me/collections/${ids.collection}`],
  ['buyer', () => `/me/collections/${ids.collection}/license`],
  ['buyer', () => `/me/license_bundles/${ids.bundle}`],
  ['buyer', () => `/videos/${ids.video}`],
  ['admin', () => `/videos/${ids.video}/edit`],
  ['admin', () => '/admin'],
  ['admin', () => '/admin/settings'],
  ['admin', () => '/admin/users'],
  ['admin', () => '/admin/license_requests'],
  ['admin', () => `/admin/license_requests/${ids.licenseRequest}`],
  ['admin', () => '/admin/withdrawal_requests'],
  ['admin', () => '/admin/transactions'],
  ['admin', () => '/admin/mrss'],
];

/** The screen has drawn: a heading of its own (or the sign-in overlay's), not the loader. */
async function drawn(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

/** Two frames after a resize: the app's width-dependent layout (media queries, Mantine's hooks) has redrawn. */
async function redrawn(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await drawn(page);
}

/**
 * Each screen is opened at a phone's width, as a phone shows it, checked, then widened to a desktop's
 * in place and checked again (as a window is resized): half the loads of one visit per width, and
 * the layout at each width is the app's own (the same media queries and hooks answer a resize).
 */
const PHONE = { width: 375, height: 900 };
const DESKTOP = { width: 1300, height: 900 };

for (const language of ['en-GB', 'el-GR']) {
  for (const visitor of ['visitor', 'member', 'buyer', 'admin'] as const) {
    test(`every screen passes axe as the ${visitor} in ${language} at 375 and 1300 px`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const findings: Finding[] = [];
      const context = await browser.newContext({
        locale: language,
        viewport: PHONE,
        storageState: visitor === 'visitor' ? undefined : sessions[visitor],
      });
      const page = await context.newPage();
      let loaded = false;
      for (const [who, path] of ROUTES) {
        if (who !== visitor) continue;
        await page.setViewportSize(PHONE);
        if (loaded) await openInApp(page, path());
        else await page.goto(`${app.url}${path()}`);
        loaded = true;
        await drawn(page);
        findings.push(...(await analyse(page)));
        await markChecked(page);
        await page.setViewportSize(DESKTOP);
        await redrawn(page);
        findings.push(...(await analyse(page)));
        await markChecked(page);
      }
      await context.close();
      expect(findings, `accessibility violations (WCAG 2.2 A/AA)\n${format(findings)}`).toEqual([]);
    });
  }
}
