import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAxeClean, PASSWORD, readyStaff, revokeSessions, signIn, tabTo } from './staff-helpers';

// The newest staff screens with the keyboard alone: once signed in, no click, only Tab,
// Shift+Tab, Enter, Space, Escape and typing, and axe on each state reached.

test.describe.configure({ mode: 'serial' });
// Its editor signs in without a second factor: the rule may not require one meanwhile.

/** The page's own session's CSRF token, for writes through its API. */
async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get('/api/staff/session')).json()).csrf_token;
}

/** A draft with two saves through the API, as the page's own session: its id. */
async function storyWithTwoSaves(page: Page, baseURL: string): Promise<string> {
  const headers = { Origin: baseURL, 'X-CSRF-Token': await csrf(page) };
  const form = {
    title: `Keys only ${Date.now()}`,
    motive: 'A story edited with the keyboard.',
    tags: ['Real Estate'],
    author: 'Office Writer',
    body: 'The first version of the text.',
    format: 'markdown',
    state: 'draft',
  };
  const created = await page.request.post('/api/staff/stories', { headers, data: form });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id, revision } = (await created.json()).data;
  const saved = await page.request.put(`/api/staff/stories/${id}`, {
    headers,
    data: { ...form, body: 'The second version of the text.', revision },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

/** Presses Shift+Tab until `target` has the focus: the way back to a field above. */
async function shiftTabTo(page: Page, target: Locator, most = 200): Promise<void> {
  for (let n = 0; n < most; n++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Shift+Tab');
  }
  await expect(target).toBeFocused();
}

/** The story as the server holds it. */
async function stored(page: Page, id: string) {
  return (await (await page.request.get(`/api/staff/stories/${id}`)).json()).data;
}

test('a story’s history is opened, shown, closed with Escape and restored with the keyboard; the session dialog signs in again with it', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  test.setTimeout(90_000);
  guard.allowConsoleError(/401|Failed to load resource/);
  const base = baseURL ?? '';
  const email = await readyStaff(request, base, 'keys', ['editor']);
  await page.goto('/login?next=%2Fstaff%2Fstories');
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Stories' })).toBeVisible();
  const id = await storyWithTwoSaves(page, base);
  await page.goto(`/staff/stories/${id}`);
  await expect(page.getByRole('textbox', { name: 'Body', exact: true })).toContainText('second version');

  // History: Tab to its summary, Enter opens it.
  const summary = page.locator('.revision-history > summary');
  await tabTo(page, summary);
  await page.keyboard.press('Enter');
  const lines = page.locator('.revision-history__line');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('the version now');
  await expectAxeClean(page, 'the story history, by keyboard');

  // The first save's Show: Enter opens the version; Escape closes it and gives the focus back.
  const show = lines.last().getByRole('button', { name: /^Show the version saved/ });
  await tabTo(page, show);
  await page.keyboard.press('Enter');
  const version = page.getByRole('dialog', { name: /^Saved / });
  await expect(version).toContainText('The first version of the text.');
  await expectAxeClean(page, 'a saved version, by keyboard');
  await page.keyboard.press('Escape');
  await expect(version).toBeHidden();
  await expect(show).toBeFocused();

  // Space opens it again; Tab stays inside it and reaches Restore; Enter restores.
  await page.keyboard.press('Space');
  await expect(version).toBeVisible();
  const restore = version.getByRole('button', { name: 'Restore this version' });
  await tabTo(page, restore, 20);
  page.once('dialog', (question) => question.accept());
  await page.keyboard.press('Enter');
  await expect(page.getByText(/ is restored\.$/)).toBeVisible();
  await expect(version).toBeHidden();
  await expect(lines).toHaveCount(3);
  await expect.poll(async () => (await stored(page, id)).body).toBe('The first version of the text.');

  // The session ends while the editor types; the save opens the sign-in dialog, which is
  // answered with the keyboard alone, and the save then goes through.
  const title = page.getByLabel('Title', { exact: true });
  await shiftTabTo(page, title);
  revokeSessions(email);
  await page.keyboard.press('End');
  await page.keyboard.type(' again');
  // Enter in the title submits the editor's form: Save draft.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expectAxeClean(page, 'the session dialog, by keyboard');
  await tabTo(page, dialog.getByLabel('Password'), 20);
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  // An editor needs no second factor.
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await stored(page, id)).title, { timeout: 15_000 }).toMatch(/ again$/);
});

/** YYYY-MM-DD of `days` days before now (UTC). */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Types a date into the focused date field as Chromium's en-US field takes it: MMDDYYYY. */
async function typeDate(page: Page, day: string) {
  const [year, month, date] = day.split('-');
  await page.keyboard.type(`${month}${date}${year}`);
}

test('the analytics period is changed with the date fields and the keyboard, and its tables are reached', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(/401|Failed to load resource/);
  const email = await readyStaff(request, baseURL ?? '', 'keys-analytics', ['sales']);
  await page.goto('/login?next=%2Fstaff%2Fanalytics');
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.locator('.analytics-range')).toBeVisible();

  const from = daysAgo(9);
  const to = daysAgo(3);
  await tabTo(page, page.getByLabel('From', { exact: true }));
  await typeDate(page, from);
  await tabTo(page, page.getByLabel('To', { exact: true }));
  await typeDate(page, to);
  await tabTo(page, page.getByRole('button', { name: 'Show', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(from);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(to);

  // The day-by-day numbers: a summary reached with Tab and opened with Enter, one row a day.
  const numbers = page.locator('.analytics-days summary');
  await tabTo(page, numbers);
  await page.keyboard.press('Enter');
  await expect(page.locator('.analytics-days table tbody tr')).toHaveCount(7);
  await expectAxeClean(page, 'analytics with a period of its own, by keyboard');
  // Shift+Tab goes back the way it came, and Tab forward again.
  await page.keyboard.press('Shift+Tab');
  await expect(numbers).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(numbers).toBeFocused();
});

test('an owner backs up now with the keyboard and hears how it went', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  test.slow();
  guard.allowConsoleError(/401|Failed to load resource/);
  const owner = await readyStaff(request, baseURL ?? '', 'keys-backups');
  await page.goto('/login?next=%2Fstaff%2Fbackups');
  await signIn(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();

  const now = page.getByRole('button', { name: 'Back up now' });
  await tabTo(page, now);
  await page.keyboard.press('Enter');
  // The outcome takes the focus, so a screen reader reads it; the button is there again.
  const said = page.locator('p.backups-said');
  await expect(said).toBeFocused();
  await expect(said).toHaveText(/^The backup corpsite-\d{4}-\d\d-\d\dT\d{6}Z is made\.$/, {
    timeout: 20_000,
  });
  await expect(now).toBeEnabled();
  await expectAxeClean(page, 'the backups after one is made by keyboard');
  await tabTo(page, now);
  await expect(now).toBeFocused();
});
