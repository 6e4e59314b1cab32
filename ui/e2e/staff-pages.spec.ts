import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAxeClean, readyStaff, signIn } from './staff-helpers';

const SHOTS = process.env.SHOTS_DIR ?? fileURLToPath(new URL('./screenshots/', import.meta.url));
const HEADLINE = 'Hero: headline';
/** The preview's frame: a public page (axe-checked by the site's specs) that runs no script, so axe cannot run in it. */
const PREVIEW = '.page-preview__frame';
/** What the browser says of each script the preview's page may not run. */
const BLOCKED_SCRIPT = /Blocked script execution in '.*\/api\/staff\/pages\/home\/preview'/;

test.describe.configure({ mode: 'serial' });

test.beforeEach(({ guard }) => {
  // The sign-in page asks for a session there is not yet (401), and the preview's page may
  // not run its scripts: the browser logs both.
  guard.allowConsoleError(/Failed to load resource.*401/);
  guard.allowConsoleError(BLOCKED_SCRIPT);
});

/** Signs `email` in and opens the page editor's home page. */
async function openHome(page: Page, email: string) {
  await page.goto('/login?next=%2Fstaff%2Fpages');
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Home' })).toBeVisible();
  await expect(page.getByLabel(HEADLINE, { exact: true })).toBeVisible();
}

/** The compiled headline of the home page, as the editor's API gives its default. */
async function compiledHeadline(page: Page): Promise<string> {
  const answer = await (await page.request.get('/api/staff/pages/home')).json();
  return answer.data.defaults['homeContent.hero.headline'];
}

/** The home page's draft as the server holds it, by path. */
async function draftOfHome(page: Page): Promise<Record<string, unknown>> {
  return (await (await page.request.get('/api/staff/pages/home')).json()).data.draft;
}

test('an editor changes the home headline, finds it in the 390 px preview, publishes it, and the site shows it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const email = await readyStaff(request, baseURL ?? '', 'pages-edit', ['editor'], 'Page Writer');
  await page.goto('/login?next=%2Fstaff%2Fpages');
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pages', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const homeRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Home', exact: true }) });
  await expect(homeRow).toBeVisible();
  await expectAxeClean(page, 'the list of pages');

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  const headline = page.getByLabel(HEADLINE, { exact: true });
  await expect(headline).toBeVisible();
  const compiled = await compiledHeadline(page);
  await expect(headline).toHaveValue(compiled);
  await expect(page.getByText(`Default: ${compiled}`)).toBeVisible();

  const words = `Offices that work, ${Date.now()}`;
  await headline.fill(words);
  // Typing rests: the draft saves itself, and the preview shows it.
  await expect(page.locator('.autosave-status > [aria-hidden="true"]')).toHaveText(/^Saved \d+ s ago$/, {
    timeout: 15_000,
  });
  await page.getByRole('radio', { name: '390 px' }).check();
  const frame = page.frameLocator('.page-preview__frame');
  const shown = frame.locator('[data-field="homeContent.hero.headline"]');
  await expect(shown).toHaveText(words);
  // The frame runs no script of the page.
  await expect(page.locator('.page-preview__frame')).toHaveAttribute('sandbox', 'allow-same-origin');

  // Another field has the focus; a click on the headline in the preview brings it back.
  await page.getByLabel('Hero: text', { exact: true }).focus();
  await shown.click();
  await expect(headline).toBeFocused();

  await expectAxeClean(page, 'the page editor', PREVIEW);
  await page.screenshot({ path: join(SHOTS, 'staff-pages-editor-1440.png') });

  // Publish now, from the keyboard.
  await page.getByRole('button', { name: 'Publish now' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The page is published.')).toBeVisible();
  await expect(page.locator('.staff-editor__status .status-badge')).toHaveText('Published');

  const site = await page.context().newPage();
  await expect
    .poll(
      async () => {
        await site.goto('/');
        return site.getByRole('heading', { level: 1 }).textContent();
      },
      { timeout: 10_000 },
    )
    .toBe(words);
  await site.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(headline).toBeVisible();
  await expectAxeClean(page, 'the page editor at 390 px', PREVIEW);
  await page.screenshot({ path: join(SHOTS, 'staff-pages-editor-390.png') });
  await page.locator('.page-preview').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'staff-pages-preview-390.png') });
  await page.goto('/staff/pages');
  await expect(homeRow).toContainText('Published');
  await expect(homeRow).toContainText('Page Writer');
  await page.screenshot({ path: join(SHOTS, 'staff-pages-list-390.png'), fullPage: true });
});

test('a picture is replaced with its description, shown in the preview, and the page scheduled', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = await readyStaff(request, baseURL ?? '', 'pages-picture', ['editor'], 'Picture Editor');
  await openHome(page, email);
  const picture = page.getByRole('group', { name: "Services: Fidelitus FMS' picture" });
  await picture
    .getByLabel('Picture', { exact: true })
    .setInputFiles(fileURLToPath(new URL('../public/social-card.png', import.meta.url)));
  // Stored through the one image pipeline, in the pages' folder.
  await expect(picture.locator('img.image-field__thumb')).toHaveAttribute('src', /\/media\/pages\//);
  await picture.getByLabel('Description (alt text)').fill('Our facility team at work');
  const shown = page.frameLocator(PREVIEW).locator('[data-field="fmsSite.image"]');
  await expect(shown).toHaveAttribute('src', /\/media\/pages\//, { timeout: 15_000 });
  await expect(shown).toHaveAttribute('alt', 'Our facility team at work');

  // Tomorrow at 09:30 office time.
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  await page.getByLabel(/^Go public at/).fill(`${tomorrow}T09:30`);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.locator('.staff-editor__status .status-badge')).toHaveText(/^Scheduled for .*, 09:30 /);
  // Nothing is public before its time.
  const home = await (await page.request.get('/')).text();
  expect(home).not.toContain('Our facility team at work');
});

test("the hero's video is replaced, and the page scheduled seconds ahead goes public at its time", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = await readyStaff(request, baseURL ?? '', 'pages-video', ['editor'], 'Video Editor');
  await openHome(page, email);
  // An MP4 through the one door for videos, into the pages' folder, played by the preview.
  await page
    .getByLabel(/^Hero: the video/)
    .setInputFiles(fileURLToPath(new URL('../src/assets/video/md-message.mp4', import.meta.url)));
  await expect(page.locator('video.image-field__thumb')).toHaveAttribute(
    'src',
    /\/media\/pages\/[0-9a-f]{16}\.mp4$/,
  );
  await page.locator('video.image-field__thumb').scrollIntoViewIfNeeded();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'staff-pages-video-1440.png') });
  const words = `On the dot, ${Date.now()}`;
  await page.getByLabel(HEADLINE, { exact: true }).fill(words);
  const preview = page.frameLocator(PREVIEW);
  await expect(preview.locator('video.home-hero__video')).toHaveAttribute('src', /\/media\/pages\/.*\.mp4$/, {
    timeout: 15_000,
  });
  await expect(preview.locator('[data-field="homeContent.hero.headline"]')).toHaveText(words);

  // Eight seconds ahead, to the second, in the office's time (as the field takes it).
  // The office's zone, as the company's details give it.
  const details = await (await page.request.get('/api/corp_website/site')).json();
  const zone: string = details.data?.time_zone ?? 'UTC';
  const due = Math.ceil((Date.now() + 8_000) / 1000) * 1000;
  const wall = new Date(due).toLocaleString('sv-SE', { timeZone: zone }).replace(' ', 'T');
  await page.getByLabel(/^Go public at/).fill(wall);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  // The page may be scheduled already (for tomorrow, by the test before): the new time holds.
  await expect
    .poll(async () =>
      Date.parse((await (await page.request.get('/api/staff/pages/home')).json()).data.publish_at),
    )
    .toBe(due);
  await expect(page.locator('.staff-editor__status .status-badge')).toHaveText(/^Scheduled for /);

  // Not public before its time; public within a second after it, with its video.
  const site = await page.context().newPage();
  const headline = async () => {
    await site.goto('/');
    return site.getByRole('heading', { level: 1 }).textContent();
  };
  expect(await headline()).not.toBe(words);
  await expect.poll(headline, { timeout: 15_000, intervals: [100] }).toBe(words);
  const late = Date.now() - due;
  expect(late).toBeGreaterThanOrEqual(0);
  expect(late).toBeLessThan(1_500);
  await expect(site.locator('video.home-hero__video')).toHaveAttribute('src', /\/media\/pages\/.*\.mp4$/);
  await site.close();
});

test('a stale save gets the conflict naming who saved first, and keeps what was typed', async ({
  page,
  browser,
  request,
  baseURL,
  guard,
}) => {
  test.setTimeout(120_000);
  guard.allowConsoleError(/409|Failed to load resource/);
  const first = await readyStaff(request, baseURL ?? '', 'pages-first', ['editor'], 'Asha First');
  const second = await readyStaff(request, baseURL ?? '', 'pages-second', ['editor'], 'Ravi Second');
  await openHome(page, first);

  const other = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const stale = await other.newPage();
  await openHome(stale, second);

  // The first editor saves; the second, who opened the page before, saves after.
  await page.getByLabel('Hero: text', { exact: true }).fill('Saved first, by Asha.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('The draft is saved.')).toBeVisible();

  const typed = 'Typed second, by Ravi.';
  await stale.getByLabel('Hero: text', { exact: true }).fill(typed);
  await stale.getByRole('button', { name: 'Save draft' }).click();
  const alert = stale.getByRole('alert').filter({ hasText: 'Asha First' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('This page was saved by Asha First');
  // Refused at the foot of the form, the save says so where it is seen.
  await expect(alert).toBeInViewport();
  await expect(stale.getByLabel('Hero: text', { exact: true })).toHaveValue(typed);
  await expect(stale.getByRole('button', { name: 'Load the saved version' })).toBeVisible();
  await stale.screenshot({ path: join(SHOTS, 'staff-pages-conflict-1440.png') });
  await other.close();
});

test('an older revision is restored, and a field goes back to its compiled default', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = await readyStaff(request, baseURL ?? '', 'pages-history', ['editor'], 'Page Keeper');
  await openHome(page, email);
  const text = page.getByLabel('Hero: text', { exact: true });

  await text.fill('The older words.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('The draft is saved.')).toBeVisible();
  await text.fill('The newer words.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect
    .poll(async () => (await draftOfHome(page))['homeContent.hero.subline'], { timeout: 10_000 })
    .toBe('The newer words.');

  await page.locator('.revision-history > summary').click();
  const lines = page.locator('.revision-history__line');
  await expect(lines.first()).toContainText('the version now');
  await lines
    .nth(1)
    .getByRole('button', { name: /^Show the version saved/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The older words.');
  page.once('dialog', (question) => question.accept());
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText(/is restored\.$/)).toBeVisible();
  await expect(text).toHaveValue('The older words.');

  // Back to the default: the headline the office changed is the compiled one again.
  const headline = page.getByLabel(HEADLINE, { exact: true });
  const compiled = await compiledHeadline(page);
  await expect(headline).not.toHaveValue(compiled);
  await page.getByRole('button', { name: `Back to the default: ${HEADLINE}` }).click();
  await expect(headline).toHaveValue(compiled);
  await expect(page.getByText('The field is back to its default.')).toBeVisible();
  expect((await draftOfHome(page))['homeContent.hero.headline']).toBeUndefined();
  await page.getByRole('button', { name: `Back to the default: Hero: text` }).click();
  await expect(text).toHaveValue(/.+/);

  // Published so, the site shows the compiled headline again.
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('The page is published.')).toBeVisible();
  // Within a second of the publish (the rendered page follows the content's version).
  await expect
    .poll(
      async () => {
        await page.goto('/');
        return page.getByRole('heading', { level: 1 }).textContent();
      },
      { timeout: 5_000 },
    )
    .toBe(compiled);
});

test('a 422 names the field by its label beside it, and nothing typed is lost', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(/422|Failed to load resource/);
  const email = await readyStaff(request, baseURL ?? '', 'pages-check', ['editor']);
  await openHome(page, email);
  const headline = page.getByLabel(HEADLINE, { exact: true });
  await headline.fill('   ');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert')).toContainText(`Please check ${HEADLINE}`);
  await expect(headline).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#page-field-homeContent-hero-headline-error')).toContainText(HEADLINE);
  await expect(headline).toHaveValue('   ');
});

test('a Sales account gets no menu entry and the screen says it is not theirs', async ({
  page,
  request,
  baseURL,
}) => {
  const email = await readyStaff(request, baseURL ?? '', 'pages-sales', ['sales']);
  await page.goto('/login?next=%2Fstaff%2Fpages');
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pages', exact: true })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText(
    'Your role does not include pages. Ask an owner of the team if you need it.',
  );
});
