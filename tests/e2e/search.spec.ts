import type { Page } from '@playwright/test';
import { type RunningApp, startApp } from './app-server';
import { appTookOver, signedInPage } from './journey-steps';
import { expect, test } from './test';

/**
 * Search as a visitor meets it, on the demo videos: pick keywords from suggestions, see results, open one;
 * and a buyer gathering what they found into a collection a colleague opens by its link (licensing a
 * collection's clips in one request is the end of moderation.spec.ts's journey).
 */
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.stop();
});

const open = (page: Page, url: string) => page.goto(new URL(url, app.url).toString());

test('type a partial keyword, pick suggestions, search, and open a result', async ({ page }) => {
  await open(page, '/videos/search');
  const picker = page.getByPlaceholder('Search videos by keywords');
  await expect(page.getByText('Popular keywords')).toBeVisible();

  // A suggestion picked with the mouse ...
  await picker.fill('sci');
  await page.getByRole('option', { name: 'science' }).click();
  // ... and one picked with the keyboard, the picker now showing "science" as a chosen keyword.
  const input = page.getByRole('combobox', { name: 'Keywords' });
  await input.fill('ABS');
  await expect(page.getByRole('option', { name: 'abstract' })).toBeVisible();
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await input.press('Enter'); // Enter in an empty box searches

  await expect(page).toHaveURL(/\/videos\/search\/science,abstract$/);
  await expect(page.getByRole('heading', { name: 'Videos for science, abstract' })).toBeVisible();
  const grid = page.getByTestId('video-grid');
  await expect(grid.getByRole('article')).toHaveCount(2);
  await expect(grid.getByRole('link', { name: 'Game of Life in real time' })).toBeVisible();
  await expect(grid.getByRole('link', { name: 'Rule 110: a cellular automaton' })).toBeVisible();

  // Backspace in the empty box removes the last keyword, and the results follow at once.
  await input.press('Backspace');
  await expect(page).toHaveURL(/\/videos\/search\/science$/);
  await expect(page.getByRole('heading', { name: 'Videos for science' })).toBeVisible();

  await open(page, '/videos/search/science,abstract');
  await grid.getByRole('link', { name: 'Game of Life in real time' }).click();
  await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle(/Video/);
});

test('a search with no results offers other keywords', async ({ page }) => {
  await open(page, '/videos/search/nothing-like-this');
  await expect(page.getByText('No videos found')).toBeVisible();
  await page.getByRole('link', { name: 'abstract' }).click();
  await expect(page).toHaveURL(/\/videos\/search\/abstract$/);
  await expect(page.getByTestId('video-grid').getByRole('article')).toHaveCount(3);
});

test('the header search box leads to the same search', async ({ page }) => {
  await open(page, '/');
  await page.getByPlaceholder('Search video', { exact: true }).fill('colour');
  await page.getByPlaceholder('Search video', { exact: true }).press('Enter');
  // Sent before the app took over the page the server drew, the box's plain form goes to the search page,
  // which the server sends on to the results; sent after, the app goes there itself.
  await expect(page).toHaveURL(/\/videos\/search\/colour$/);
  // Two videos carry the keyword; a third has the word in its title only, and comes after them.
  const cards = page.getByTestId('video-grid').getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(
    cards.last().getByRole('link', { name: 'Broadcast colour bars for calibration' }),
  ).toBeVisible();
});

test('on a results page the keyword box takes typing at once, then suggests, and Backspace removes a keyword', async ({
  page,
}) => {
  // A first visit: the page comes rendered, and the box rests without its suggestions' code until used.
  await open(page, '/videos/search/abstract');
  await appTookOver(page);
  const input = page.getByRole('combobox', { name: 'Keywords' });
  await input.click();
  await page.keyboard.type('sci');
  await expect(page.getByRole('option', { name: 'science' })).toBeVisible();
  await expect(input).toHaveValue('sci');
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/videos\/search\/abstract,science$/);
  await expect(page.getByRole('heading', { name: 'Videos for abstract, science' })).toBeVisible();

  // A fresh page again: in the box as it takes focus removes the last keyword, and the results follow.
  await open(page, '/videos/search/abstract,science');
  await appTookOver(page);
  await page.getByRole('combobox', { name: 'Keywords' }).press('Backspace');
  await expect(page).toHaveURL(/\/videos\/search\/abstract$/);
});

test('a search by place and days of filming: a shared address, dates chosen in the dialog, a filter removed', async ({
  page,
}) => {
  // A link a colleague sent: the videos filmed within 10 km of Nicosia, two of the demo's public ones.
  await open(page, '/videos/search?lat=35.1731&lng=33.3614&radiusKm=10&place=Nicosia');
  await expect(
    page.getByRole('button', { name: 'Remove the filter: Within 10 km of Nicosia' }),
  ).toBeVisible();
  const cards = page.getByTestId('video-grid').getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Studio test pattern with moving timecode' })).toBeVisible();

  // The days of filming narrow them: July to November keeps the colour bars, filmed on 30 July.
  await page.getByRole('button', { name: 'Place and date' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place and date of filming' });
  await dialog.getByLabel('First day').fill('2026-07-01');
  await dialog.getByLabel('Last day').fill('2026-11-30');
  await dialog.getByRole('button', { name: 'Show videos' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/shotFrom=2026-07-01&shotTo=2026-11-30/);
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Broadcast colour bars for calibration' })).toBeVisible();

  // Without the place, the same days keep the videos filmed anywhere in them.
  await page.getByRole('button', { name: 'Remove the filter: Within 10 km of Nicosia' }).click();
  await expect(page).not.toHaveURL(/lat=/);
  await expect(page.getByRole('button', { name: /^Remove the filter: Filmed Jul 1, 2026/ })).toBeVisible();
  await expect(cards).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'Rule 110: a cellular automaton' })).toBeVisible();

  // Days in the wrong order are refused in the dialog, in words, and nothing changes.
  await page.getByRole('button', { name: 'Place and date' }).click();
  await dialog.getByLabel('First day').fill('2026-12-01');
  await dialog.getByRole('button', { name: 'Show videos' }).click();
  await expect(dialog.getByText('The last day comes before the first')).toBeVisible();
  await dialog.getByRole('button', { name: 'Clear the filters' }).click();
  await expect(page.getByText('Popular keywords')).toBeVisible();
});

test('a buyer gathers clips into a collection from a card and a video page, notes one, and shares it read-only', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const buyer = await signedInPage(browser, app, 'eleni@example.com', '/videos/search/science,abstract');
  await appTookOver(buyer);
  // From a result's card: a new collection, made and holding the clip in one step.
  await buyer.getByRole('button', { name: 'Save “Game of Life in real time” to a collection' }).click();
  const menu = buyer.getByRole('dialog', { name: 'Save “Game of Life in real time” to a collection' });
  await menu.getByLabel('New collection').fill('Automata');
  await menu.getByRole('button', { name: 'Add' }).click();
  await expect(menu.getByRole('checkbox', { name: 'Automata' })).toBeChecked();
  await buyer.keyboard.press('Escape');

  // From the other clip's page: ticked into the same collection.
  await buyer.getByRole('link', { name: 'Rule 110: a cellular automaton' }).click();
  await buyer.getByRole('button', { name: 'Save to collection' }).click();
  const pageMenu = buyer.getByRole('dialog', { name: 'Save to collection' });
  await pageMenu.getByRole('checkbox', { name: 'Automata' }).click();
  await expect(pageMenu.getByRole('checkbox', { name: 'Automata' })).toBeChecked();
  await pageMenu.getByRole('link', { name: 'All my collections' }).click();

  // The collection, in the order the clips came, sorted with the buttons, a note kept.
  await buyer.getByRole('link', { name: /Automata/ }).click();
  await expect(buyer.getByRole('heading', { name: 'Automata' })).toBeVisible();
  const clips = buyer.getByRole('listitem');
  await expect(clips.first()).toContainText('Game of Life in real time');
  await buyer.getByRole('button', { name: 'Move “Rule 110: a cellular automaton” up' }).click();
  await expect(clips.first()).toContainText('Rule 110: a cellular automaton');
  // Each clip anyone may license leads to its license request.
  await expect(clips.first().getByRole('link', { name: 'License this video' })).toHaveAttribute(
    'href',
    /\/videos\/[^/]+\/license$/,
  );
  await clips.first().getByLabel('Note').fill('The 4 s with the triangles');
  await clips.first().getByLabel('Note').blur();
  await expect(clips.first().getByText('Saved')).toBeVisible();

  // Renamed in place.
  await buyer.getByRole('button', { name: 'Rename' }).click();
  await buyer.getByLabel('Name').fill('Cellular automata');
  await buyer.getByRole('button', { name: 'Save name' }).click();
  await expect(buyer.getByRole('heading', { name: 'Cellular automata' })).toBeVisible();

  // A read-only link: a colleague who is not signed in sees the clips in that order and the note.
  await buyer.getByRole('button', { name: 'Make a link' }).click();
  const link = await buyer.getByRole('textbox', { name: 'Link to this collection' }).inputValue();
  const colleague = await browser.newPage();
  await colleague.goto(link);
  await expect(colleague.getByRole('heading', { name: 'Cellular automata' })).toBeVisible();
  await expect(colleague.getByRole('article').first()).toContainText('Rule 110: a cellular automaton');
  await expect(colleague.getByText('The 4 s with the triangles')).toBeVisible();

  // Sharing stopped, the link says so.
  await buyer.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(buyer.getByRole('button', { name: 'Make a link' })).toBeVisible();
  await colleague.reload();
  await expect(colleague.getByRole('alert')).toContainText('This link does not work');
  await colleague.close();

  await buyer.context().close();
});
