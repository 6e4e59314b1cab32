import type { Page } from '@playwright/test';
import { expect, holdRequests, test } from './fixtures';

const REQUIRED = 'This Field is required*';
const values = {
  Name: 'Asha Verma',
  'Contact Number': '9876543210',
  Email: 'asha.verma@example.com',
  Query: 'We need 20,000 sq ft of office space in Whitefield.',
};

test.beforeEach(async ({ page }) => {
  await page.goto('/contact');
});

async function fillAll(page: Page) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value);
}

const submit = (page: Page) => page.getByRole('button', { name: 'Submit', exact: true });

test('the page: hero, breadcrumb, intro, main branch, branches in order', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await crumbs.getByRole('link', { name: 'Home' }).isVisible();
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByText('Contact Us')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/Whether you want to partner with us/)).toBeVisible();
  const main = page.getByRole('region', { name: 'Main Branch' });
  await expect(main.getByRole('heading', { name: 'Head Office' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'USA Office' })).toBeVisible();
  await expect(main.locator('a[href^="tel:"]')).toBeVisible();
  await expect(main.locator('a[href^="mailto:"]')).toBeVisible();
  const branches = page.getByRole('region', { name: 'Our Branches' }).getByRole('heading', { level: 3 });
  await expect(branches).toHaveText([
    'Rajajinagar',
    'Whitefield',
    'Mysuru',
    'Hyderabad',
    'Chennai',
    'Mumbai',
    'Delhi',
    'Ahmedabad',
    'Kolkata',
    'Pune',
    'Kochi',
  ]);
});

test('the map is a local picture and a link until asked for; then the embed loads', async ({
  page,
  guard,
}) => {
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByAltText(/stylised street map/)).toBeVisible();
  const open = page.getByRole('link', { name: /Open in Google Maps/ });
  await expect(open).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//);
  await expect(open).toHaveAttribute('target', '_blank');
  expect(guard.outsideRequests).toEqual([]);
  await page.route('https://www.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>map</p>' }),
  );
  await page.getByRole('button', { name: 'Show interactive map' }).click();
  const frame = page.locator('iframe');
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?q=.*output=embed/);
  await expect(frame).toHaveAttribute('title', /Map showing/);
  // The embed is the one outside request, and only after the click.
  await expect.poll(() => guard.outsideRequests.length).toBeGreaterThan(0);
  expect(guard.outsideRequests.every((url) => url.startsWith('https://www.google.com/maps'))).toBe(true);
  guard.outsideRequests.length = 0;
});

test('validation stops at the first empty field, in order, and typing clears it', async ({ page }) => {
  await submit(page).click();
  const name = page.getByLabel('Name', { exact: true });
  await expect(page.getByText(REQUIRED)).toHaveCount(1);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(REQUIRED);
  await expect(name).toBeFocused();
  await name.fill('A');
  await expect(page.getByText(REQUIRED)).toHaveCount(0);

  for (const [label, value] of [
    ['Contact Number', '1'],
    ['Email', 'e'],
    ['Query', 'q'],
  ] as const) {
    await submit(page).click();
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(REQUIRED)).toHaveCount(1);
    await field.fill(value);
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  }
});

test('on 201: the exact payload, the toast, and an empty form', async ({ page }) => {
  await fillAll(page);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/clients/create'));
  await submit(page).click();
  expect((await sent).postDataJSON()).toEqual({
    name: values.Name,
    email: values.Email,
    mobile: values['Contact Number'],
    requirment: values.Query,
    department_website: 'Corp Team',
    website: '',
    source: expect.objectContaining({ page: '/contact', landing: '/contact' }),
  });
  await expect(page.locator('.toast--success')).toHaveText(/Your Query Submitted Successfully!/);
  for (const label of Object.keys(values))
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
});

test('a server error: the toast says the fault is ours and what to do, and every value is kept', async ({
  page,
  guard,
}) => {
  guard.allowConsoleError(/Failed to load resource.*500/);
  // What a failing proxy or server may answer: no JSON, only a status line.
  await page.route('**/api/clients/create', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
  );
  await fillAll(page);
  await submit(page).click();
  await expect(page.locator('.toast--error')).toHaveText(
    /^Something went wrong on our side\. Please try again in a few minutes; what you typed is still here\./,
  );
  await expect(page.getByText(/Internal Server Error|server answered/)).toHaveCount(0);
  for (const [label, value] of Object.entries(values)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await expect(submit(page)).toBeEnabled();
});

test('a 422 names the refused fields by their labels and puts each server message under its field', async ({
  page,
  guard,
}) => {
  guard.allowConsoleError(/Failed to load resource.*422/);
  await fillAll(page);
  // The real server refuses both: an email without a domain and an over-long number.
  await page.getByLabel('Email', { exact: true }).fill('asha');
  await page.getByLabel('Contact Number', { exact: true }).fill('9'.repeat(40));
  await submit(page).click();
  await expect(page.locator('.toast--error')).toHaveText(/^Please check Contact Number and Email\./);
  await expect(page.getByText('Please correct the fields listed in errors.')).toHaveCount(0);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
    /Enter an email address like/,
  );
  await expect(page.getByLabel('Contact Number', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Query', { exact: true })).toHaveValue(values.Query);
});

test('a network failure: an error toast, values kept', async ({ page, guard }) => {
  guard.allowConsoleError(/Failed to load resource/);
  await page.route('**/api/clients/create', (route) => route.abort('connectionrefused'));
  await fillAll(page);
  await submit(page).click();
  await expect(page.locator('.toast--error')).toHaveText(/could not reach the server/);
  await expect(page.getByLabel('Query', { exact: true })).toHaveValue(values.Query);
});

test('a slow server gets one request; the button is disabled until it answers', async ({ page }) => {
  const answer = await holdRequests(page, '**/api/clients/create');
  await fillAll(page);
  await submit(page).click();
  await expect(submit(page)).toBeDisabled();
  await page.getByLabel('Name', { exact: true }).press('Enter');
  await page.locator('form.form-card').evaluate((form: HTMLFormElement) => form.requestSubmit());
  // The first reached the server; the others, given time, did not follow it.
  await expect.poll(answer.calls).toBe(1);
  await page.waitForTimeout(300);
  expect(answer.calls()).toBe(1);
  answer.release();
  await expect(page.locator('.toast--success')).toHaveText(/Your Query Submitted Successfully!/);
  await expect(submit(page)).toBeEnabled();
  expect(answer.calls()).toBe(1);
});

test('the honeypot is hidden from people and assistive technology', async ({ page }) => {
  const trap = page.locator('input[name="website"]');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  await expect(page.locator('.honeypot')).toHaveAttribute('aria-hidden', 'true');
  const box = await trap.boundingBox();
  expect(box === null || box.x + box.width <= 0).toBe(true);
});

test('no horizontal scroll at 320px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
