import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, hasHorizontalScroll, test } from './fixtures';
import { expectAxeClean, readyStaff, signIn } from './staff-helpers';

/** Where the screenshots go, to be looked at: e2e/screenshots/ (gitignored), or SHOTS_DIR. */
const SHOTS = process.env.SHOTS_DIR ?? fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Failed calls are logged: the sign-in page's first look at the session is a 401. */
const SIGNED_OUT = /401|403|Failed to load resource/;

// One set at a time: a set is named by its second, and both tests back up the one server.
test.describe.configure({ mode: 'serial' });

for (const width of [390, 1440]) {
  test(`an owner backs up now and sees the new set listed with where it is, axe clean at ${width} px`, async ({
    page,
    request,
    baseURL,
    guard,
  }) => {
    test.slow();
    guard.allowConsoleError(SIGNED_OUT);
    await page.setViewportSize({ width, height: 900 });
    const owner = await readyStaff(request, baseURL ?? '', 'backups');
    await page.goto('/login');
    await signIn(page, owner);
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Backups' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^The last backups/ })).toBeVisible();
    await expectAxeClean(page, 'the backups');

    const sets = page.getByRole('list', { name: /^The last backups/ });
    const before = await sets.getByRole('listitem').count();
    await page.getByRole('button', { name: 'Back up now' }).click();
    const said = page.locator('p.backups-said');
    await expect(said).toBeFocused();
    await expect(said).toHaveText(/^The backup corpsite-\d{4}-\d\d-\d\dT\d{6}Z is made\.$/, {
      timeout: 20_000,
    });
    const name = ((await said.textContent()) ?? '').replace(/^The backup (\S+) is made\.$/, '$1');

    // The new set heads the list: where it is (no bucket here) and what it holds.
    const newest = sets.getByRole('listitem').first();
    await expect(newest).toContainText(name);
    await expect(newest).toContainText('On the server');
    await expect(newest).toContainText(/Database \d[\d.]* (KB|MB) · [\d,]+ resumes and images/);
    await expect(sets.getByRole('listitem')).toHaveCount(Math.min(before + 1, 50));
    await expect(page.getByText('None since the server started')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Back up now' })).toBeEnabled();
    await expect(page.getByText(`corpsite restore`)).toContainText('/NAME');
    await expectAxeClean(page, 'the backups after one is made');

    expect(await hasHorizontalScroll(page), 'sideways scrolling').toBe(false);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `staff-backups-${width}.png`), fullPage: true });
  });
}

test('an account that is not an owner has no Backups screen and cannot ask for a set', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  test.slow();
  guard.allowConsoleError(SIGNED_OUT);
  const editor = await readyStaff(request, baseURL ?? '', 'backups-editor', ['editor', 'sales']);
  await page.goto('/login');
  await signIn(page, editor);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const screens = page.getByRole('navigation', { name: 'Staff' }).getByRole('link');
  await expect(screens.first()).toBeVisible();
  expect(await screens.allTextContents()).not.toContain('Backups');

  await page.goto('/staff/backups');
  await expect(page.getByRole('alert')).toHaveText(
    'Your role does not include backups. Ask an owner of the team if you need it.',
  );
  await expect(page.getByRole('button', { name: 'Back up now' })).toHaveCount(0);
  await expectAxeClean(page, 'backups for a non-owner');

  const session = await page.request.get('/api/staff/session');
  const { csrf_token } = await session.json();
  const read = await page.request.get('/api/staff/backups');
  expect(read.status()).toBe(403);
  const asked = await page.request.post('/api/staff/backups', {
    headers: { Origin: baseURL ?? '', 'X-CSRF-Token': csrf_token },
  });
  expect(asked.status()).toBe(403);
  expect((await asked.json()).message).toMatch(/backups/);
});
