import { fileURLToPath } from 'node:url';
import { seriousAxeViolations } from './axe-check';
import { expect, hasHorizontalScroll, test } from './fixtures';
import { officeTimeFromNow, readyStaff, signIn, writeStoryBody } from './staff-helpers';

/** Every failed call is logged: the sign-in redirect and the 409 provoke them. */
const EXPECTED_FAILURES = /401|409|Failed to load resource/;
const PHOTO = fileURLToPath(new URL('../../tests/fixtures/resume.jpg', import.meta.url));
const PICTURE = fileURLToPath(new URL('../../tests/fixtures/resume.png', import.meta.url));

async function openEditor(page: import('@playwright/test').Page, email: string) {
  await page.goto('/staff/stories');
  await expect(page).toHaveURL(/\/login\?next=%2Fstaff%2Fstories$/);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Stories' })).toBeVisible();
  await page.getByRole('link', { name: 'New story' }).click();
  await expect(page.getByRole('heading', { name: 'New story' })).toBeVisible();
}

// Scheduled on the office's clock (IST): the specs that move the zone have a server of their own.
test.describe('on the office clock', () => {
  test('a story is written with images, previewed as the site shows it, scheduled, and goes public by itself', async ({
    page,
    request,
    baseURL,
    guard,
  }) => {
    // Two uploads, previews, and a wait for the schedule to come.
    test.slow();
    guard.allowConsoleError(EXPECTED_FAILURES);
    const email = await readyStaff(request, baseURL ?? '', 'writer');
    const title = `A campus found in six weeks ${Date.now()}`;
    await openEditor(page, email);

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel(/^Motive/).fill('How the office found 120,000 sq ft for a fintech.');
    await page.getByLabel('Tags', { exact: true }).fill('Real Estate');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByRole('list', { name: 'Chosen tags' })).toContainText('Real Estate');
    await page.getByLabel('Author', { exact: true }).fill('Office Writer');
    await page.getByLabel('Cover image').setInputFiles(PHOTO);
    await expect(page.locator('.image-field__thumb').last()).toBeVisible();
    await writeStoryBody(page, 'The brief', 'A campus for ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('900');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' people. <script>alert(1)</script>');
    await page.getByRole('button', { name: 'Image', exact: true }).click();
    await page.getByLabel('Image file').setInputFiles(PICTURE);
    await page.getByLabel('Alt text').fill('The site plan');
    await page.getByRole('button', { name: 'Add image' }).click();
    await expect(page.getByRole('textbox', { name: 'Body', exact: true }).locator('img')).toHaveAttribute(
      'src',
      /\/media\/blogs\/[0-9a-f]{16}\.png$/,
    );

    // The preview is the site's own post: its title as the heading, the body sanitized.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.getByRole('heading', { level: 2, name: 'The brief' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('900');
    await expect(preview.locator('img[src*="/media/blogs/"]')).toHaveCount(2);
    expect(await preview.locator('script').count()).toBe(0);

    // The draft may have saved itself already (its address and 'Draft' shown): the button's
    // own save is waited for, and the re-read after it, which empties the schedule field.
    const saving = page.waitForResponse(
      (response) =>
        ['POST', 'PUT'].includes(response.request().method()) &&
        /\/api\/staff\/stories(\/[^/]+)?$/.test(new URL(response.url()).pathname),
    );
    await page.getByRole('button', { name: 'Save draft' }).click();
    expect([200, 201]).toContain((await saving).status());
    await expect(page).toHaveURL(/\/staff\/stories\/a-campus-found-in-six-weeks-\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(page.getByRole('region', { name: 'Where the story stands' })).toContainText('Draft');
    await expect(page.getByRole('button', { name: 'Schedule' })).toBeEnabled();
    expect((await request.get(`/api/corp_website/blogs/get/${id}`)).status()).toBe(404);

    // Far enough ahead for a loaded machine to see it scheduled first.
    await page.getByLabel('Go public at (office time, IST)').fill(officeTimeFromNow(15));
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByRole('region', { name: 'Where the story stands' })).toContainText('Scheduled for');
    expect((await request.get(`/api/corp_website/blogs/get/${id}`)).status()).toBe(404);

    await expect
      .poll(async () => (await request.get(`/api/corp_website/blogs/get/${id}`)).status(), {
        timeout: 40_000,
      })
      .toBe(200);
    await page.goto(`/blogs/detail/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'The brief' })).toBeVisible();
    await expect(page.locator('.blog-detail__article img[src*="/media/blogs/"]')).toHaveCount(2);

    await page.goto('/staff/stories');
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Published');
  });
});

test('of two tabs saving one story, the second is told and keeps its text on screen', async ({
  page,
  context,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(EXPECTED_FAILURES);
  const email = await readyStaff(request, baseURL ?? '', 'twotabs');
  const title = `Two tabs ${Date.now()}`;
  await openEditor(page, email);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel(/^Motive/).fill('Saved twice.');
  await page.getByLabel('Body', { exact: true }).fill('The first words.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/staff\/stories\/two-tabs-\d+$/);

  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByLabel('Title', { exact: true })).toHaveValue(title);

  await page.getByLabel('Body', { exact: true }).fill('The first tab wins.');
  // The status line named the account since the first save: the save's answer says this one landed.
  const saving = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes('/api/staff/stories/'),
  );
  await page.getByRole('button', { name: 'Save draft' }).click();
  expect((await saving).status()).toBe(200);
  // Who saved it last, by the account's name.
  await expect(page.getByRole('region', { name: 'Where the story stands' })).toContainText('Front Office');

  await other.getByLabel('Body', { exact: true }).fill('The second tab was late.');
  await other.getByRole('button', { name: 'Save draft' }).click();
  await expect(other.getByRole('alert')).toContainText('your changes were not saved');
  await expect(other.getByLabel('Body', { exact: true })).toHaveText('The second tab was late.');
  await other.getByRole('button', { name: 'Load the saved version' }).click();
  await expect(other.getByLabel('Body', { exact: true })).toHaveText('The first tab wins.');
});

test('a story is written, saved and deleted with the keyboard alone, and the screens are axe clean', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(EXPECTED_FAILURES);
  const email = await readyStaff(request, baseURL ?? '', 'keys');
  await page.goto('/login?next=%2Fstaff%2Fstories');
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Stories' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousAxeViolations(page)).toEqual([]);

  const tabTo = async (name: RegExp | string, role: 'link' | 'button' | 'textbox') => {
    const target = page.getByRole(role, { name, exact: typeof name === 'string' });
    for (let i = 0; i < 40 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(target).toBeFocused();
  };
  await tabTo('New story', 'link');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'New story' })).toBeVisible();
  const title = `Keyboard story ${Date.now()}`;
  await tabTo('Title', 'textbox');
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Written without a mouse.');
  await tabTo('Body', 'textbox');
  await page.keyboard.type('Every field is reached with Tab.');
  await tabTo('Save draft', 'button');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/stories\/keyboard-story-\d+$/);
  await page.waitForLoadState('networkidle');
  expect(await seriousAxeViolations(page)).toEqual([]);

  page.once('dialog', (dialog) => dialog.accept());
  await tabTo('Delete', 'button');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/stories$/);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});

for (const width of [390, 1440]) {
  test(`the story screens fit ${width} px without scrolling sideways`, async ({
    page,
    request,
    baseURL,
    guard,
  }, info) => {
    guard.allowConsoleError(EXPECTED_FAILURES);
    await page.setViewportSize({ width, height: 900 });
    const email = await readyStaff(request, baseURL ?? '', `s${width}`);
    await page.goto('/login?next=%2Fstaff%2Fstories');
    await signIn(page, email);
    await expect(page.getByRole('table')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: info.outputPath(`stories-${width}.png`), fullPage: true });
    await page.getByRole('link', { name: 'New story' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Leasing a campus in Whitefield');
    await page.getByLabel(/^Motive/).fill('How a 120,000 sq ft lease came together in six weeks.');
    await page.getByLabel('Tags', { exact: true }).fill('Real Estate');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByLabel('Cover image').setInputFiles(PHOTO);
    await writeStoryBody(page, 'The brief', 'A campus for 900 people, near the metro.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Shift+8');
    await page.keyboard.type('Three floors');
    await page.keyboard.press('Enter');
    await page.keyboard.type('A cafeteria');
    await expect(page.getByRole('region', { name: 'Preview' }).locator('li')).toHaveCount(2);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: info.outputPath(`story-editor-${width}.png`), fullPage: true });
  });
}
