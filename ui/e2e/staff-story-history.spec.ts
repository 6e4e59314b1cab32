import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { expectAxeClean, readyStaff, revokeSessions, signIn } from './staff-helpers';

const SHOTS = process.env.SHOTS_DIR ?? fileURLToPath(new URL('./screenshots/', import.meta.url));
const LEAVE = 'You have changes that are not saved. Leave this page and lose them?';

test.describe.configure({ mode: 'serial' });
// Its editor signs in without a second factor: the rule may not require one meanwhile.

test('a draft saves itself, asks before it is left unsaved, survives its session ending, and an older save is restored', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  test.setTimeout(150_000);
  // The session ends on purpose: its refused requests are logged by the browser.
  guard.allowConsoleError(/401|Failed to load resource/);
  const email = await readyStaff(request, baseURL ?? '', 'history', ['editor']);
  await page.goto('/login?next=%2Fstaff%2Fstories%2Fnew');
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'New story' })).toBeVisible();

  const title = `Kept by itself ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel(/^Motive/).fill('A draft that saves itself.');
  const body = page.getByRole('textbox', { name: 'Body', exact: true });
  await body.click();
  await page.keyboard.type('The first version of the text.');

  // Typing rests: the new story saves itself, takes its own address and says when.
  const status = page.locator('.autosave-status > [aria-hidden="true"]');
  await expect(status).toHaveText(/^Saved \d+ s ago$/, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/staff\/stories\/kept-by-itself-\d+$/);
  await expect(body).toBeFocused();
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';

  // More text, and the staff bar's Stories at once: the editor asks, and "no" keeps everything.
  await page.keyboard.type(' A second sentence.');
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    return dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Stories', exact: true }).click();
  expect(asked).toEqual([LEAVE]);
  await expect(page).toHaveURL(new RegExp(`/staff/stories/${id}$`));
  await expect(body).toContainText('A second sentence.');
  // Saved by itself: the server holds the second sentence.
  await expect
    .poll(async () => (await (await page.request.get(`/api/staff/stories/${id}`)).json()).data?.body ?? '', {
      timeout: 15_000,
    })
    .toContain('A second sentence.');
  await expect(status).toHaveText(/^Saved \d+ s ago$/);

  // The session ends (revoked on the command line) while the writer goes on typing: the next
  // save opens the sign-in dialog, and after it the typed text is saved.
  revokeSessions(email);
  await body.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed after the session ended.');
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByLabel('Password').fill('the office passphrase 2025');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  // An editor needs no second factor (the team's rule asks it of owners and recruiters).
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await (await page.request.get(`/api/staff/stories/${id}`)).json()).data?.body ?? '', {
      timeout: 15_000,
    })
    .toContain('Typed after the session ended.');
  await expect(status).toHaveText(/^Saved \d+ s ago$/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Body', exact: true })).toContainText(
    'Typed after the session ended.',
  );

  // The history: autosaves by one person are one line; the first save is restored as a new one.
  await page.getByText('History', { exact: true }).click();
  const lines = page.locator('.revision-history__line');
  await expect(lines.first()).toBeVisible();
  const count = await lines.count();
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(lines.first()).toContainText('the version now');
  await expectAxeClean(page, 'the story history');
  await lines
    .last()
    .getByRole('button', { name: /^Show the version saved/ })
    .click();
  const version = page.getByRole('dialog', { name: /^Saved / });
  await expect(version).toContainText('The first version of the text.');
  await expect(version).not.toContainText('A second sentence.');
  await expectAxeClean(page, 'a saved version');
  await page.screenshot({ path: join(SHOTS, 'staff-story-version-1440.png') });
  page.once('dialog', (question) => question.accept());
  await version.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText(/ is restored\.$/)).toBeVisible();
  await expect(version).toBeHidden();
  const restored = page.getByRole('textbox', { name: 'Body', exact: true });
  await expect(restored).toContainText('The first version of the text.');
  await expect(restored).not.toContainText('A second sentence.');
  await expect(lines).toHaveCount(count + 1);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'staff-story-history-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, 'staff-story-history-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
});
