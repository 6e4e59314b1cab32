import { readFileSync } from 'node:fs';
import { seriousAxeViolations } from './axe-check';
import { expect, hasHorizontalScroll, test } from './fixtures';
import {
  addStaff,
  giveCodeByKeyboard,
  PASSWORD,
  postApplication,
  postEnquiry,
  readyStaff,
  signIn,
} from './staff-helpers';

/** Every failed call is logged; these tests provoke 401s on purpose. */
const SIGNED_OUT = /401|Failed to load resource/;

test('a wrong password gets one message that does not say whether the account exists', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = await readyStaff(request, baseURL ?? '', 'wrong');
  await page.goto('/login');
  await expect(page).toHaveTitle(/Staff sign-in/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await signIn(page, email, 'not the password at all');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('The email or password is not right.');
  await signIn(page, 'nobody-here@corp.example', 'not the password at all');
  await expect(alert).toHaveText('The email or password is not right.');
  await expect(page.getByLabel('Password')).toHaveValue('');
});

test('a one-time password leads to choosing a new one, then to the inbox', async ({ page, guard }) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = `first-${Date.now()}@corp.example`;
  // Sales needs no second factor by default: the inbox follows the new password.
  addStaff(email, 'given once by the office', ['sales']);
  await page.goto('/login');
  await signIn(page, email, 'given once by the office');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The password was just typed: it is not asked again.
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await page.getByLabel('New password').fill('short');
  await page
    .getByLabel('New password')
    .evaluate((input: HTMLInputElement) => input.removeAttribute('minlength'));
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
});

test('without a session the inbox sends the browser to /login and back to the same list after', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = await readyStaff(request, baseURL ?? '', 'back');
  await page.goto('/staff?list=applicants');
  await expect(page).toHaveURL(/\/login\?next=%2Fstaff%3Flist%3Dapplicants$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/staff\?list=applicants$/);
  await expect(page.getByRole('button', { name: /Applicants/ })).toHaveAttribute('aria-current', 'page');
});

test('the office searches, filters, sets a status, adds a note, exports, erases and signs out', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = await readyStaff(request, baseURL ?? '', 'flow');
  const tag = `Flow${Date.now()}`;
  await postEnquiry(request, `Zoë ${tag}`, 'We need 20,000 sq ft in Whitefield.');
  await postEnquiry(request, `Ravi ${tag}`);
  await page.goto('/login?next=%2Fstaff');
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  // The public site is a link away, in a tab of its own (an editor's work stays open).
  await expect(page.getByRole('link', { name: 'View the site (opens a new tab)' })).toHaveAttribute(
    'href',
    '/',
  );

  // Accent-insensitive prefix search, kept in the URL.
  await page.getByLabel('Search names, emails, mobiles, messages').fill(`zoe ${tag.slice(0, -3)}`);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/q=zoe/);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Zoë ${tag}`);

  await rows
    .first()
    .getByRole('button', { name: `Zoë ${tag}` })
    .click();
  const detail = page.getByRole('region', { name: `Zoë ${tag}` });
  await expect(detail.getByText('Corp Team')).toBeVisible();
  // One tap to call, mail or WhatsApp the lead.
  await expect(detail.getByRole('link', { name: 'visitor@example.com' })).toHaveAttribute(
    'href',
    'mailto:visitor@example.com',
  );
  await expect(detail.getByRole('link', { name: '+91 98450 12345' })).toHaveAttribute(
    'href',
    'tel:+919845012345',
  );
  await expect(detail.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/919845012345',
  );
  await detail.getByLabel('Status').selectOption('in_progress');
  await detail.getByRole('button', { name: 'Save status' }).click();
  // Who set it, by the account's name.
  await expect(detail.getByText('Set by Front Office')).toBeVisible();
  await expect(rows.first()).toContainText('In progress');
  await detail.getByLabel('Add a note').fill('Called back; visit on Monday.');
  await detail.getByRole('button', { name: 'Add note' }).click();
  await expect(detail.getByText('Called back; visit on Monday.')).toBeVisible();
  await expect(detail.getByText(/^Front Office, /)).toBeVisible();

  // The status filter narrows the same search.
  const statusFilter = page
    .getByRole('form', { name: 'Search and filters' })
    .getByRole('combobox', { name: /Status/ });
  await statusFilter.selectOption('done');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=done/);
  await expect(page.getByText('Nothing here matches.')).toBeVisible();
  await statusFilter.selectOption('in_progress');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await csv.path()) ?? '', 'utf8');
  expect(text).toContain(`Zoë ${tag}`);
  expect(text).not.toContain(`Ravi ${tag}`);
  // The workbook of the same filtered list: a zip (an .xlsx) named after the list and the day.
  const excelDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export Excel' }).click();
  const excel = await excelDownload;
  expect(excel.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = readFileSync((await excel.path()) ?? '');
  expect(book.subarray(0, 2).toString('latin1')).toBe('PK');

  await rows.first().getByRole('button').click();
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'In the trash' })).toBeFocused();
  await expect(page.getByText('Nothing here matches.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fstaff$/);
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/login/);
});

test('a resume is viewed and downloaded only with a session', async ({ page, request, baseURL, guard }) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = await readyStaff(request, baseURL ?? '', 'resume');
  const name = `Applicant${Date.now()}`;
  await postApplication(request, name);
  await page.goto('/login?next=%2Fstaff%3Flist%3Dapplicants');
  await signIn(page, email);
  await page.getByLabel('Search names, emails, mobiles, messages').fill(name);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name }).click();
  const view = page.getByRole('link', { name: 'View resume' });
  const href = (await view.getAttribute('href')) ?? '';
  const shown = await page.request.get(href);
  expect(shown.status()).toBe(200);
  // An image resume is shown on a small page of the server's own, the image inside it.
  expect(shown.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(await shown.text()).toContain('<img src="data:image/png;base64,');
  expect(shown.headers()['content-security-policy']).toContain('sandbox');
  // Seen as staff see it: centred on a plain page, inside the window, and no policy error in
  // the console (the guard fails the test on one).
  const viewer = await page.context().newPage();
  const viewerErrors: string[] = [];
  viewer.on('console', (message) => {
    if (message.type() === 'error') viewerErrors.push(message.text());
  });
  await viewer.setViewportSize({ width: 800, height: 600 });
  await viewer.goto(href);
  const box = await viewer.getByRole('img').boundingBox();
  expect(box).not.toBeNull();
  if (box) {
    expect(Math.abs(box.x + box.width / 2 - 400)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.y + box.height / 2 - 300)).toBeLessThanOrEqual(1);
    expect(box.width).toBeLessThanOrEqual(800);
    expect(box.height).toBeLessThanOrEqual(600);
  }
  expect(viewerErrors).toEqual([]);
  await viewer.close();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download resume (PNG)', exact: true }).click();
  expect((await download).suggestedFilename()).toMatch(/^resume-[0-9a-f]{32}\.png$/);
  expect((await request.get(href)).status()).toBe(401);
});

test('what a visitor typed is shown as text and runs nothing', async ({ page, request, baseURL, guard }) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = await readyStaff(request, baseURL ?? '', 'markup');
  const tag = `Markup${Date.now()}`;
  const markup = `<img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script> ${tag}`;
  await postEnquiry(request, markup, '<b>bold?</b><iframe src="/"></iframe>');
  await page.goto('/login?next=%2Fstaff');
  await signIn(page, email);
  await page.getByLabel('Search names, emails, mobiles, messages').fill(tag);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: markup }).click();
  const detail = page.getByRole('region', { name: markup });
  await expect(detail.getByText('<b>bold?</b><iframe src="/"></iframe>')).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('main img, main iframe, main b')).toHaveCount(0);
});

test('sign-in and the inbox work with the keyboard alone and are axe clean', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = await readyStaff(request, baseURL ?? '', 'keys');
  const tag = `Keys${Date.now()}`;
  await postEnquiry(request, `Asha ${tag}`);
  await page.goto('/login');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await giveCodeByKeyboard(page, email);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByLabel('Search names, emails, mobiles, messages').focus();
  await page.keyboard.type(tag);
  await page.keyboard.press('Enter');
  const open = page.getByRole('button', { name: `Asha ${tag}` });
  await expect(open).toHaveCount(1);
  // From the search box, Tab reaches the row's button.
  for (let i = 0; i < 40 && !(await open.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Asha ${tag}` })).toBeFocused();
  await page.waitForLoadState('networkidle');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

// These read received times on the office's clock, shown as IST.
test.describe('on the office clock', () => {
  for (const width of [390, 1440]) {
    test(`the staff pages fit ${width} px without scrolling sideways`, async ({
      page,
      request,
      baseURL,
      guard,
    }, info) => {
      guard.allowConsoleError(SIGNED_OUT);
      await page.setViewportSize({ width, height: 900 });
      const email = await readyStaff(request, baseURL ?? '', `w${width}`);
      const tag = `Wide${width}x${Date.now()}`;
      await postEnquiry(
        request,
        `Meera ${tag}`,
        'Looking for a 12,000 sq ft office with a cafeteria near the metro.',
      );
      await postApplication(request, `Kiran ${tag}`);
      await page.goto('/login');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await page.screenshot({ path: info.outputPath(`login-${width}.png`) });
      await signIn(page, email);
      await page.getByLabel('Search names, emails, mobiles, messages').fill(tag);
      await page.getByRole('button', { name: 'Apply' }).click();
      // The company's logo leads back to the inbox from every staff screen.
      await expect(page.getByRole('link', { name: /staff home$/ })).toBeVisible();
      const row = page.getByRole('button', { name: `Meera ${tag}` });
      await row.click();
      const detail = page.getByRole('region', { name: `Meera ${tag}` });
      await expect(page.getByRole('heading', { name: `Meera ${tag}` })).toBeVisible();
      // Received on the office's clock (the demo details' Asia/Kolkata), saying so.
      await expect(detail).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST/);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await page.screenshot({ path: info.outputPath(`staff-${width}.png`), fullPage: true });
      if (width < 1000) {
        // Too narrow for both: the item takes the list's place, with its way back on top.
        await expect(page.getByRole('table')).toBeHidden();
        await page.getByRole('button', { name: '← Back to the list' }).click();
        await expect(page.getByRole('table')).toBeVisible();
        await expect(row).toBeFocused();
      } else {
        await expect(page.getByRole('table')).toBeVisible();
        await expect(page.getByRole('button', { name: '← Back to the list' })).toBeHidden();
        await detail.getByRole('button', { name: 'Close' }).click();
        await expect(row).toBeFocused();
      }
      await expect(page.getByRole('heading', { name: `Meera ${tag}` })).toHaveCount(0);
    });
  }
});
