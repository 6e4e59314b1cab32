import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, holdRequests, test } from './fixtures';
import { readyStaff, signIn } from './staff-helpers';

const REQUIRED = 'This Field is required *';
// A real 1x1 PNG: the server checks the bytes, not the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const resume = { name: 'ravi-kumar-resume.png', mimeType: 'image/png', buffer: PNG };
// A real two-page PDF made by Ghostscript (tests/fixtures/resume.ps).
const PDF = readFileSync(fileURLToPath(new URL('../../tests/fixtures/resume.pdf', import.meta.url)));
const REFUSED = /^Please choose a PDF or an image/;
const values = {
  Name: 'Ravi Kumar',
  Mobile: '9876543210',
  Email: 'ravi.kumar@example.com',
  Experience: '4',
  'Previous Company': 'Acme Facilities',
  Query: 'Looking for facility management roles in Bengaluru.',
};

test.beforeEach(async ({ page }) => {
  await page.goto('/join_us');
});

const submit = (page: Page) => page.getByRole('button', { name: 'SUBMIT', exact: true });
const picker = (page: Page) => page.getByLabel('Upload Resume');

async function fillAll(page: Page) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value);
  await picker(page).setInputFiles(resume);
}

test('the page: breadcrumb, hero, the form fields and the six perks', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Join Us' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByText('Join Us')).toHaveAttribute('aria-current', 'page');
  for (const label of Object.keys(values))
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Experience', { exact: true })).toHaveAttribute('min', '0');
  await expect(page.getByLabel('Experience', { exact: true })).toHaveAttribute('type', 'number');
  await expect(picker(page)).toHaveAttribute(
    'accept',
    'application/pdf,image/jpeg,image/png,image/svg+xml,image/webp',
  );
  await expect(page.getByText('Click To Upload Photo or PDF')).toBeVisible();
  await expect(page.getByText('Supported Type JPEG,PNG,SVG,WEBP and PDF')).toBeVisible();
  const perks = page.getByRole('complementary', { name: 'What to Expect When You Join Us' });
  await expect(perks.getByRole('heading', { level: 3 })).toHaveText([
    'Fast Growing',
    'Great Team',
    'Take Ownership',
    'Keep Learning',
    'Latest Tech',
    'Cross-Domain Exposure',
  ]);
});

test('the chosen file shows its name with a remove control that clears it', async ({ page }) => {
  await picker(page).setInputFiles(resume);
  await expect(page.getByText(resume.name)).toBeVisible();
  await page.getByRole('button', { name: `Remove file ${resume.name}` }).click();
  await expect(page.getByText(resume.name)).toHaveCount(0);
  expect(await picker(page).evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
});

test('a file that is neither a PDF nor an image is refused, and keeps its message through submit', async ({
  page,
}, testInfo) => {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value);
  await picker(page).setInputFiles({
    name: 'cv.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: Buffer.from('PK\x03\x04'),
  });
  await expect(page.getByText('cv.docx')).toHaveCount(0);
  await expect(picker(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field__error')).toHaveText(REFUSED);
  await submit(page).click();
  await expect(page.locator('.field__error')).toHaveText(REFUSED);
  await expect(page.getByText(REQUIRED)).toHaveCount(0);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await picker(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`join-us-refused-file-${width}.png`) });
  }
});

test('a PDF resume: picked, sent, accepted; staff find it in the inbox and download it', async ({
  page,
  request,
  baseURL,
  guard,
}, testInfo) => {
  // The sign-in page asks whether a session exists first: a 401 before signing in.
  guard.allowConsoleError(/status of 401/);
  const name = `Pdf Applicant ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  for (const [label, value] of Object.entries(values))
    if (label !== 'Name') await page.getByLabel(label, { exact: true }).fill(value);
  await picker(page).setInputFiles({ name: 'ravi-kumar-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('ravi-kumar-cv.pdf')).toBeVisible();
  await expect(page.locator('.field__error')).toHaveCount(0);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/applicant/create'));
  await submit(page).click();
  expect((await answered).status()).toBe(201);
  await expect(page.locator('.toast--success')).toHaveText(/Form Submitted Successfully/);

  const email = await readyStaff(request, baseURL ?? '', 'pdf');
  await page.goto('/login?next=%2Fstaff%3Flist%3Dapplicants');
  await signIn(page, email);
  await page.getByLabel('Search names, emails, mobiles, messages').fill(name);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name }).click();
  // A PDF only ever downloads: its one link says so, and nothing offers to view it.
  const link = page.getByRole('link', { name: 'Download resume (PDF)', exact: true });
  await expect(page.getByRole('link', { name: 'View resume' })).toHaveCount(0);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`applicant-pdf-resume-${width}.png`) });
  }
  const href = (await link.getAttribute('href')) ?? '';
  const served = await page.request.get(href);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect(served.headers()['content-disposition']).toMatch(
    /^attachment; filename="resume-[0-9a-f]{32}\.pdf"$/,
  );
  expect(served.headers()['content-security-policy']).toContain('sandbox');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(Buffer.compare(await served.body(), PDF)).toBe(0);
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^resume-[0-9a-f]{32}\.pdf$/);
  expect(Buffer.compare(readFileSync((await file.path()) ?? ''), PDF)).toBe(0);
});

test('an image resume is viewed centred on a plain page, with nothing refused in the console', async ({
  page,
  request,
  baseURL,
  guard,
}, testInfo) => {
  guard.allowConsoleError(/status of 401/);
  const name = `Image Applicant ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  for (const [label, value] of Object.entries(values))
    if (label !== 'Name') await page.getByLabel(label, { exact: true }).fill(value);
  const png = readFileSync(fileURLToPath(new URL('../../tests/fixtures/resume.png', import.meta.url)));
  await picker(page).setInputFiles({ name: 'cv.png', mimeType: 'image/png', buffer: png });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/applicant/create'));
  await submit(page).click();
  expect((await answered).status()).toBe(201);

  const email = await readyStaff(request, baseURL ?? '', 'view');
  await page.goto('/login?next=%2Fstaff%3Flist%3Dapplicants');
  await signIn(page, email);
  await page.getByLabel('Search names, emails, mobiles, messages').fill(name);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name }).click();
  const href = (await page.getByRole('link', { name: 'View resume' }).getAttribute('href')) ?? '';
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // Opened from the site as the staff screen's link does (a navigation from the sandboxed
    // page itself would not carry the session); not `page.goto`, which waits for the app.
    await page.goto('/join_us');
    await page.evaluate((url) => {
      window.location.href = url;
    }, href);
    await page.waitForURL(`**${href}`);
    await page.waitForLoadState('load');
    const image = page.getByRole('img', { name: /^Resume / });
    await expect(image).toBeVisible();
    const box = await image.boundingBox();
    if (!box) throw new Error('the image has no box');
    const middle = box.x + box.width / 2;
    expect(Math.abs(middle - width / 2)).toBeLessThan(12);
    expect(Math.abs(box.y + box.height / 2 - 450)).toBeLessThan(12);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: testInfo.outputPath(`resume-view-${width}.png`) });
  }
  expect(errors).toEqual([]);
});

test('validation: name, mobile (lenient), email, experience, resume; typing clears', async ({ page }) => {
  const steps: [string, () => Promise<void>][] = [
    ['Name', () => page.getByLabel('Name', { exact: true }).fill('R')],
    // Any non-empty mobile passes, however short.
    ['Mobile', () => page.getByLabel('Mobile', { exact: true }).fill('1')],
    ['Email', () => page.getByLabel('Email', { exact: true }).fill('r')],
    ['Experience', () => page.getByLabel('Experience', { exact: true }).fill('0')],
    ['Upload Resume', () => picker(page).setInputFiles(resume)],
  ];
  for (const [label, fix] of steps) {
    await submit(page).click();
    const field = label === 'Upload Resume' ? picker(page) : page.getByLabel(label, { exact: true });
    await expect(page.getByText(REQUIRED)).toHaveCount(1);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await fix();
    await expect(page.getByText(REQUIRED)).toHaveCount(0);
  }
});

test('on 201: the multipart payload, the toast, and every field and the file reset', async ({ page }) => {
  await fillAll(page);
  // Chromium reports a file upload's body only to an intercepting route; pass it on unchanged.
  let captured: { contentType: string; body: string } | undefined;
  await page.route('**/api/applicant/create', async (route) => {
    const request = route.request();
    captured = {
      contentType: request.headers()['content-type'] ?? '',
      body: request.postDataBuffer()?.toString('latin1') ?? '',
    };
    await route.continue();
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/applicant/create'));
  await submit(page).click();
  expect((await answered).status()).toBe(201);
  expect(captured?.contentType).toMatch(/^multipart\/form-data; boundary=/);
  const body = captured?.body ?? '';
  const fields = [
    ...body.matchAll(/name="([^"]+)"(?:; filename="([^"]*)")?\r\n(?:Content-Type: [^\r]+\r\n)?\r\n([^\r]*)/g),
  ].map((m) => [m[1], m[2] ?? m[3]]);
  expect(fields).toEqual([
    ['name', values.Name],
    ['mobile', values.Mobile],
    ['email', values.Email],
    ['experience', values.Experience],
    ['previous_company', values['Previous Company']],
    ['query', values.Query],
    ['file', resume.name],
    ['department_website', 'Corp Careers'],
    ['website', ''],
    ['source', JSON.stringify({ page: '/join_us', landing: '/join_us', stories: [] })],
  ]);
  await expect(page.locator('.toast--success')).toHaveText(/Form Submitted Successfully/);
  for (const label of Object.keys(values))
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  await expect(page.getByText(resume.name)).toHaveCount(0);
  expect(await picker(page).evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
});

test('a server error: the toast says the fault is ours, every value and the file are kept', async ({
  page,
  guard,
}) => {
  guard.allowConsoleError(/Failed to load resource.*500/);
  await page.route('**/api/applicant/create', (route) =>
    route.fulfill({
      status: 500,
      json: { message: 'Something went wrong on our side. Please try again later.' },
    }),
  );
  await fillAll(page);
  await submit(page).click();
  await expect(page.locator('.toast--error')).toHaveText(
    /^Something went wrong on our side\. Please try again in a few minutes; what you typed is still here\./,
  );
  for (const [label, value] of Object.entries(values)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await expect(page.getByText(resume.name)).toBeVisible();
  await expect(submit(page)).toBeEnabled();
});

test('a 422 names the refused field by its label, with the server message under it', async ({
  page,
  guard,
}) => {
  guard.allowConsoleError(/Failed to load resource.*422/);
  await fillAll(page);
  // The real server takes 0 to 60 years of experience.
  await page.getByLabel('Experience', { exact: true }).fill('99');
  await submit(page).click();
  await expect(page.locator('.toast--error')).toHaveText(/^Please check Experience\./);
  await expect(page.getByText('Please correct the fields listed in errors.')).toHaveCount(0);
  await expect(page.getByLabel('Experience', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Experience', { exact: true })).toHaveAccessibleDescription(/from 0 to 60/);
  await expect(page.getByText(resume.name)).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(values.Name);
});

test('a 415 for the file shows the server message under the picker', async ({ page, guard }) => {
  guard.allowConsoleError(/Failed to load resource.*415/);
  await page.route('**/api/applicant/create', (route) =>
    route.fulfill({
      status: 415,
      json: {
        message: 'The resume must be a JPEG, PNG, SVG or WEBP image.',
        errors: { file: 'Unsupported image type.' },
      },
    }),
  );
  await fillAll(page);
  await submit(page).click();
  await expect(page.locator('.toast--error')).toHaveText(/The resume must be a JPEG/);
  await expect(page.getByText('Unsupported image type.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(values.Name);
});

test('a slow server gets one request; the button is disabled until it answers', async ({ page }) => {
  const answer = await holdRequests(page, '**/api/applicant/create');
  await fillAll(page);
  await submit(page).click();
  await expect(submit(page)).toBeDisabled();
  await page.locator('form.form-card').evaluate((form: HTMLFormElement) => form.requestSubmit());
  // The first reached the server; the others, given time, did not follow it.
  await expect.poll(answer.calls).toBe(1);
  await page.waitForTimeout(300);
  expect(answer.calls()).toBe(1);
  answer.release();
  await expect(page.locator('.toast--success')).toHaveText(/Form Submitted Successfully/);
  expect(answer.calls()).toBe(1);
});

test('no horizontal scroll at 320px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await picker(page).setInputFiles({ ...resume, name: `a-very-long-file-name-${'x'.repeat(60)}.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
