import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, hasHorizontalScroll, test } from './fixtures';
import { expectAxeClean, readyStaff, signIn, tabTo, writeStoryBody } from './staff-helpers';

/** The sign-in redirect logs a 401. */
const EXPECTED_FAILURES = /401|Failed to load resource/;
const PICTURE = fileURLToPath(new URL('../../tests/fixtures/resume.png', import.meta.url));

async function openNewStory(
  page: Page,
  tag: string,
  request: import('@playwright/test').APIRequestContext,
  baseURL: string,
) {
  const email = await readyStaff(request, baseURL, tag);
  await page.goto('/login?next=%2Fstaff%2Fstories%2Fnew');
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'New story' })).toBeVisible();
}

/** From the body, Shift+Tab to the toolbar, then the arrow keys to `name` and Enter. */
async function toolbarButton(page: Page, name: string) {
  await page.keyboard.press('Shift+Tab');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar.locator('button:focus')).toHaveCount(1);
  await page.keyboard.press('Home');
  const target = toolbar.getByRole('button', { name, exact: true });
  for (let n = 0; n < 12 && !(await target.evaluate((el) => el === document.activeElement)); n++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
}

/**
 * The image dialog's file, chosen with the keyboard: Space on the focused file input opens the
 * chooser. Playwright catches a chooser only once its listener is armed in the browser, which
 * it does without waiting; a chooser that opens before is closed at once by headless Chromium,
 * as a person's Cancel would close it, and the dialog stays open for the next press.
 */
async function chooseFileByKeyboard(page: Page) {
  const input = page.getByLabel('Image file');
  for (let attempt = 0; attempt < 3; attempt++) {
    await expect(input).toBeFocused();
    const chooser = page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => null);
    await page.keyboard.press('Space');
    const opened = await chooser;
    if (opened) {
      await opened.setFiles(PICTURE);
      return;
    }
  }
  throw new Error('Space on the focused file input opened no file chooser, three times');
}

/**
 * Space on the focused file input with nobody to answer the chooser: headless Chromium closes
 * it unchosen, as Cancel in a person's picker does, and the input says `cancel` (an event that
 * bubbles up through the dialog around it).
 */
async function cancelFileChooser(page: Page) {
  const input = page.getByLabel('Image file');
  await expect(input).toBeFocused();
  await input.evaluate((element) =>
    element.addEventListener('cancel', () => element.setAttribute('data-picker', 'cancelled'), {
      once: true,
    }),
  );
  await page.keyboard.press('Space');
  await expect(input).toHaveAttribute('data-picker', 'cancelled');
}

test('a story is written formatted with the keyboard alone and the site shows it as written', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  // A whole story by the keys, with three axe runs and a trip to the public page.
  test.setTimeout(120_000);
  guard.allowConsoleError(EXPECTED_FAILURES);
  await openNewStory(page, 'rich', request, baseURL ?? '');
  const title = `Formatted by keys ${Date.now()}`;
  await tabTo(page, page.getByLabel('Title', { exact: true }));
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Written with the toolbar and the keys.');

  const body = page.getByRole('textbox', { name: 'Body', exact: true });
  await tabTo(page, body);
  await expectAxeClean(page, 'the editor');
  // A heading by its keys, bold by Ctrl+B, a link by Ctrl+K's dialog.
  await page.keyboard.type('The brief');
  await page.keyboard.press('Control+Alt+2');
  await expect(body.locator('h2')).toHaveText('The brief');
  await expect(page.getByRole('button', { name: 'Heading', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('A campus for ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('900');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' people, near ');
  await page.keyboard.press('Control+k');
  const linkDialog = page.getByRole('dialog', { name: 'Add a link' });
  await expect(page.getByLabel('Address')).toBeFocused();
  await expectAxeClean(page, 'the link dialog');
  await page.keyboard.press('Enter');
  await expect(linkDialog).toContainText('Enter where the link goes.');
  await page.keyboard.type('javascript:alert(1)');
  await page.keyboard.press('Enter');
  await expect(linkDialog).toContainText('Use an address starting with https://');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('/contact');
  await page.keyboard.press('Tab');
  await page.keyboard.type('our office');
  await page.keyboard.press('Enter');
  await expect(linkDialog).toBeHidden();
  await expect(body).toBeFocused();
  await expect(body.locator('a[href="/contact"]')).toHaveText('our office');
  await expect(body.locator('b, strong')).toHaveText('900');

  // A bulleted list by the toolbar: Shift+Tab to it, the arrows, Enter.
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await toolbarButton(page, 'Bulleted list');
  await expect(body).toBeFocused();
  await page.keyboard.type('Three floors');
  await page.keyboard.press('Enter');
  await page.keyboard.type('A cafeteria');
  await expect(body.locator('ul > li')).toHaveCount(2);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  // An image: without alt text it is refused; with it, it goes in with its caption.
  await toolbarButton(page, 'Image');
  const imageDialog = page.getByRole('dialog', { name: 'Add an image' });
  await expect(imageDialog).toBeVisible();
  await expectAxeClean(page, 'the image dialog');
  // A picker closed without a file is not the dialog closed: it stays, focus on its file.
  await cancelFileChooser(page);
  await expect(imageDialog).toBeVisible();
  await expect(page.getByLabel('Image file')).toBeFocused();
  await chooseFileByKeyboard(page);
  await expect(imageDialog).toContainText('Chosen: resume.png');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Alt text')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(imageDialog).toContainText('Describe the image: alt text is required.');
  await expect(page.getByLabel('Alt text')).toHaveAttribute('aria-invalid', 'true');
  await expect(body.locator('img')).toHaveCount(0);
  await page.keyboard.type('The new lobby with its long reception desk');
  await page.keyboard.press('Tab');
  await page.keyboard.type('The lobby, a week before the move');
  await page.keyboard.press('Enter');
  await expect(imageDialog).toBeHidden();
  await expect(body.locator('figure img')).toHaveAttribute(
    'alt',
    'The new lobby with its long reception desk',
  );
  await expect(body.locator('figure figcaption')).toHaveText('The lobby, a week before the move');
  // Typing goes on in the body, not on the toolbar's Image button that opened the dialog.
  await expect(body).toBeFocused();
  await page.keyboard.type('The end.');

  // The preview is the server's rendering of what was written.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 2, name: 'The brief' })).toBeVisible();
  await expect(preview.locator('figcaption')).toHaveText('The lobby, a week before the move');

  await tabTo(page, page.getByRole('button', { name: 'Publish now' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/stories\/formatted-by-keys-\d+$/);
  await expect(page.getByRole('region', { name: 'Where the story stands' })).toContainText('Published');
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';

  // Saved as clean HTML.
  await expect(page.getByRole('textbox', { name: 'Body', exact: true }).locator('h2')).toHaveText(
    'The brief',
  );
  await page.goto(`/blogs/detail/${id}`);
  const article = page.locator('.blog-detail__content');
  await expect(article.getByRole('heading', { level: 2, name: 'The brief' })).toBeVisible();
  await expect(article.locator('strong')).toHaveText('900');
  await expect(article.locator('a[href="/contact"]')).toHaveText('our office');
  await expect(article.locator('ul > li')).toHaveText(['Three floors', 'A cafeteria']);
  // The site shows a body image as a picture (its renditions) inside the figure.
  const figure = article.getByRole('figure', { name: 'The lobby, a week before the move' });
  await expect(figure.getByRole('img', { name: 'The new lobby with its long reception desk' })).toBeVisible();
  await expect(figure.locator('figcaption')).toHaveText('The lobby, a week before the move');
  await expect(article.locator('[style], span, div')).toHaveCount(0);
});

test('a story stored as Markdown opens formatted, says so, and is saved as HTML', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(EXPECTED_FAILURES);
  await openNewStory(page, 'markdown', request, baseURL ?? '');
  // Stored as Markdown through the API, as a post file or an older editor left it.
  const { csrf_token } = await (await page.request.get('/api/staff/session')).json();
  const headers = { Origin: baseURL ?? '', 'X-CSRF-Token': csrf_token };
  const created = await page.request.post('/api/staff/stories', {
    headers,
    data: {
      title: `Written in Markdown ${Date.now()}`,
      motive: 'An older story.',
      tags: [],
      author: null,
      author_photo: null,
      date: null,
      color: null,
      image: null,
      min_read: null,
      body: '## What was done\n\nTwelve **labs** and [a report](https://example.com/report).\n\n- Benches\n- Kits',
      format: 'markdown',
      state: 'draft',
      publish_at: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data._id;

  await page.goto(`/staff/stories/${id}`);
  const body = page.getByRole('textbox', { name: 'Body', exact: true });
  await expect(body.locator('h2')).toHaveText('What was done');
  await expect(body.locator('strong')).toHaveText('labs');
  await expect(body.locator('a[href="https://example.com/report"]')).toHaveText('a report');
  await expect(body.locator('ul > li')).toHaveText(['Benches', 'Kits']);
  await expect(body).not.toContainText('##');
  await expect(
    page.getByText('This story was written in Markdown; it is saved as formatted text from now on.'),
  ).toBeVisible();
  await expect(page.getByLabel('Body format')).toHaveCount(0);

  await tabTo(page, page.getByRole('button', { name: 'Save draft' }));
  // The story was created by this account, so the status line named it before the save:
  // the save's own answer is what says it went through.
  const saving = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && response.url().endsWith(`/api/staff/stories/${id}`),
  );
  await page.keyboard.press('Enter');
  expect((await saving).status()).toBe(200);
  const saved = (await (await page.request.get(`/api/staff/stories/${id}`)).json()).data;
  expect(saved.format).toBe('html');
  expect(saved.body).toBe(
    '<h2>What was done</h2><p>Twelve <strong>labs</strong> and <a href="https://example.com/report">a report</a>.</p><ul><li>Benches</li><li>Kits</li></ul>',
  );
});

test('pasted HTML is cleaned, and a pasted image file opens the image dialog with the server’s answer', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(/401|422|Failed to load resource/);
  await openNewStory(page, 'paste', request, baseURL ?? '');
  const body = page.getByRole('textbox', { name: 'Body', exact: true });
  await body.focus();
  const paste = (data: Record<string, string> | { file: string }) =>
    body.evaluate((element, given) => {
      const transfer = new DataTransfer();
      if ('file' in given) transfer.items.add(new File([given.file], 'plan.png', { type: 'image/png' }));
      else for (const [type, value] of Object.entries(given)) transfer.setData(type, value);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    }, data);

  await paste({
    'text/html':
      '<div style="color:red"><h1 class="x">Pasted <span style="font-weight:700">title</span></h1><p>Words <a href="javascript:alert(1)">bad</a> <a href="https://example.com/">good</a><script>alert(1)</script></p></div>',
    'text/plain': 'Pasted title',
  });
  await expect(body.locator('h2')).toHaveText('Pasted title');
  await expect(body.locator('h2 strong')).toHaveText('title');
  await expect(body.locator('a')).toHaveCount(1);
  await expect(body.locator('a')).toHaveAttribute('href', 'https://example.com/');
  await expect(body.locator('script, [style], div, span')).toHaveCount(0);

  // Not an image at all, whatever it says: the server's message shows in the dialog.
  await paste({ file: 'not really a picture' });
  const dialog = page.getByRole('dialog', { name: 'Add an image' });
  await expect(dialog).toContainText('Chosen: plan.png');
  await expect(page.getByLabel('Alt text')).toBeFocused();
  await page.keyboard.type('The site plan');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  await expect(page.getByLabel('Image file')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(body).toBeFocused();
  await expect(body.locator('img')).toHaveCount(0);
});

test('text typed after an image at the end is a paragraph, and Enter in a caption starts one', async ({
  page,
  request,
  baseURL,
  guard,
}, info) => {
  test.setTimeout(90_000);
  guard.allowConsoleError(EXPECTED_FAILURES);
  await openNewStory(page, 'figure-end', request, baseURL ?? '');
  await page.getByLabel('Title', { exact: true }).fill(`Ends with a picture ${Date.now()}`);
  await page.getByLabel(/^Motive/).fill('A story whose last block is an image.');
  const body = page.getByRole('textbox', { name: 'Body', exact: true });
  await body.click();
  await page.keyboard.type('Before the image.');

  // An image put at the end of the story; what is typed next is a paragraph after it.
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Add an image' });
  await page.getByLabel('Image file').setInputFiles(PICTURE);
  await expect(imageDialog).toContainText('Chosen: resume.png');
  await page.getByLabel('Alt text').fill('The new lobby');
  await page.getByLabel('Caption (optional)').fill('The lobby, a week before the move');
  await page.getByLabel('Caption (optional)').press('Enter');
  await expect(imageDialog).toBeHidden();
  const caption = body.locator('figcaption');
  await expect(caption).toHaveText('The lobby, a week before the move');
  await page.keyboard.type('Typed after the image.');
  await expect(body.locator('figure + p')).toHaveText('Typed after the image.');
  await expect(caption).toHaveText('The lobby, a week before the move');

  // Saved with the image last, and opened again: a click below the image starts a paragraph.
  await body.locator('figure + p').click();
  await page.keyboard.press('End');
  for (let n = 0; n < 'Typed after the image.'.length + 1; n++) await page.keyboard.press('Backspace');
  const saving = page.waitForResponse(
    (response) =>
      response.request().method() !== 'GET' && /\/api\/staff\/stories(\/[^/]+)?$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Save draft' }).click();
  expect((await saving).ok()).toBe(true);
  await expect(page).toHaveURL(/\/staff\/stories\/ends-with-a-picture-\d+$/);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const stored = (await (await page.request.get(`/api/staff/stories/${id}`)).json()).data.body as string;
  expect(stored).toMatch(/<\/figure>$/);
  await page.reload();
  await expect(caption).toHaveText('The lobby, a week before the move');
  await body.scrollIntoViewIfNeeded();
  const area = await body.boundingBox();
  if (!area) throw new Error('no editing area');
  await page.mouse.click(area.x + area.width / 2, area.y + area.height - 12);
  await page.keyboard.type('After a click below.');
  await expect(body.locator('figure + p')).toHaveText('After a click below.');
  await expect(caption).toHaveText('The lobby, a week before the move');

  // Enter at the end of the caption: a new paragraph after the figure, not a second caption.
  await caption.click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('After the caption.');
  await expect(caption).toHaveCount(1);
  await expect(caption).toHaveText('The lobby, a week before the move');
  await expect(body.locator('figure + p')).toHaveText('After the caption.');
  await expect(body.locator('figure ~ p')).toHaveText(['After the caption.', 'After a click below.']);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await body.screenshot({ path: info.outputPath(`rich-figure-end-${width}.png`) });
  }
});

for (const width of [390, 1440]) {
  test(`the rich editor, its toolbar and the image dialog fit ${width} px`, async ({
    page,
    request,
    baseURL,
    guard,
  }, info) => {
    guard.allowConsoleError(EXPECTED_FAILURES);
    await page.setViewportSize({ width, height: 900 });
    await openNewStory(page, `r${width}`, request, baseURL ?? '');
    const body = page.getByRole('textbox', { name: 'Body', exact: true });
    await writeStoryBody(page, 'Leasing a campus', 'A campus for 900 people, ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('near the metro');
    await expect(page.getByRole('button', { name: 'Bold', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await hasHorizontalScroll(page)).toBe(false);
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    const box = await toolbar.boundingBox();
    // At most two rows of buttons.
    expect(box?.height ?? 0).toBeLessThan(100);
    await page.getByRole('button', { name: 'Italic', exact: true }).focus();
    await toolbar.screenshot({ path: info.outputPath(`rich-toolbar-${width}.png`) });
    await body.screenshot({ path: info.outputPath(`rich-editor-${width}.png`) });
    await page.screenshot({ path: info.outputPath(`rich-editor-page-${width}.png`) });
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Add an image' })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Describe the image: alt text is required.')).toBeVisible();
    await page.screenshot({ path: info.outputPath(`rich-image-dialog-${width}.png`) });
  });
}
