import type { Page } from '@playwright/test';
import { blogPath } from '@/lib/blog-path';
import { expect, SEEDED_STORY_ID, test } from './fixtures';
import { linkIn, mailsTo } from './mail-helpers';
import { expectAxeClean, readyStaff, shoot, signIn, tabTo } from './staff-helpers';

const SIGNED_OUT = /401|Failed to load resource/;

/** Subscribes `address` with the blog page's own form, as a visitor does. */
async function subscribeOnTheSite(page: Page, address: string) {
  await page.goto(blogPath(SEEDED_STORY_ID));
  await page.getByRole('textbox', { name: 'Your email address' }).fill(address);
  await page.getByRole('button', { name: 'submit', exact: true }).click();
  await expect(page.locator('.toast--success')).toHaveText(/Blog Subscribed Successfully/);
}

/** The subscribers list, and the badge of `address`'s row in it. */
async function readerBadge(page: Page, address: string) {
  await page.goto('/staff?list=subscribers');
  const row = page.locator('.inbox-row', { hasText: address });
  await expect(row).toHaveCount(1);
  return row.locator('.reader-badge');
}

test('a reader’s whole life as the office sees it: pending, confirmed, unsubscribed, pending again', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const address = `life-${Date.now()}@example.com`;
  await subscribeOnTheSite(page, address);

  const staff = await readyStaff(request, baseURL ?? '', 'readers');
  await page.goto('/login?next=%2Fstaff%3Flist%3Dsubscribers');
  await signIn(page, staff);
  await expect(page.getByTestId('reader-counts')).toContainText(
    /\d+ confirmed readers? · \d+ pending · \d+ unsubscribed/,
  );
  await expect(await readerBadge(page, address)).toHaveText('Pending');

  // The mailed link confirms it.
  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(1);
  const [confirmation = ''] = mailsTo(address);
  await page.goto(linkIn(confirmation, '/blogs/subscribe/confirm?token='));
  await expect(page.getByText('Your subscription is confirmed')).toBeVisible();
  await expect(await readerBadge(page, address)).toHaveText('Confirmed');

  // The filter shows it among the confirmed readers only.
  await page.getByLabel('Subscription').selectOption('confirmed');
  const apply = page.getByRole('button', { name: 'Apply' });
  await tabTo(page, apply);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/subscription=confirmed/);
  await expect(page.locator('.inbox-row .reader-badge').first()).toHaveText('Confirmed');
  await expect(page.locator('.inbox-row .reader-badge', { hasText: /Pending|Unsubscribed/ })).toHaveCount(0);
  // The export link takes the filter along: the real audience.
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    /subscription=confirmed/,
  );

  // The link in the mail unsubscribes it; the page names the address.
  const leave = /^List-Unsubscribe: <([^>]+)>/m.exec(confirmation)?.[1];
  if (!leave) throw new Error(`no List-Unsubscribe header in the mail:\n${confirmation}`);
  await page.goto(leave);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(`${address} is unsubscribed`)).toBeVisible();
  await expect(await readerBadge(page, address)).toHaveText('Unsubscribed');

  // Back on the site: a new confirmation mail, and pending again.
  await subscribeOnTheSite(page, address);
  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(2);
  const badge = await readerBadge(page, address);
  await expect(badge).toHaveText('Pending');

  // Its detail says the same, with when it confirmed and when it left.
  await page.locator('.inbox-row', { hasText: address }).getByRole('button', { name: address }).click();
  const detail = page.locator('.lead-detail');
  await expect(detail.getByRole('heading', { name: address })).toBeFocused();
  await expect(detail.locator('.reader-badge')).toHaveText('Pending');
  await expect(detail.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(detail.getByText('Unsubscribed', { exact: true })).toBeVisible();
  await expectAxeClean(page, 'a subscriber’s detail');
  for (const width of [390, 1440]) await shoot(page, 'staff-reader-detail', width);

  // The office unsubscribes it from the detail (and it says so at once).
  page.once('dialog', (dialog) => dialog.accept());
  await detail.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(detail.locator('.reader-badge')).toHaveText('Unsubscribed');
  await expect(detail.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
});

test('an address added by hand with the keyboard is mailed its link and waits for it', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  guard.allowConsoleError(/409|422/);
  const staff = await readyStaff(request, baseURL ?? '', 'readers-add');
  await page.goto('/login?next=%2Fstaff%3Flist%3Dsubscribers');
  await signIn(page, staff);
  const input = page.getByLabel('Add a reader (email)');
  await expect(input).toBeVisible();

  // A bad address is named at the field.
  await tabTo(page, input);
  await page.keyboard.type('not an address');
  await page.keyboard.press('Enter');
  await expect(page.locator('#reader-email-error')).toContainText('email address');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const address = `added-${Date.now()}@example.com`;
  await input.fill('');
  await page.keyboard.type(address);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'The address is added' })).toBeVisible();
  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(1);
  expect(mailsTo(address)[0]).toMatch(/^Subject: Confirm your subscription/m);
  await expect(page.locator('.inbox-row', { hasText: address }).locator('.reader-badge')).toHaveText(
    'Pending',
  );
  await expectAxeClean(page, 'the subscribers list with a reader added');
  for (const width of [390, 1440]) await shoot(page, 'staff-readers', width);

  // Once confirmed, adding it again says so at the field.
  await page.goto(linkIn(mailsTo(address)[0] ?? '', '/blogs/subscribe/confirm?token='));
  await expect(page.getByText('Your subscription is confirmed')).toBeVisible();
  await page.goto('/staff?list=subscribers');
  await tabTo(page, input);
  await page.keyboard.type(address.toUpperCase());
  await page.keyboard.press('Enter');
  await expect(page.locator('#reader-email-error')).toContainText('confirmed reader already');
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  // The story editor says whom publishing reaches.
  await page.goto('/staff/stories/new');
  await expect(page.getByText(/^This story will reach \d+ confirmed readers?\.$/)).toBeVisible();
  for (const width of [390, 1440]) await shoot(page, 'staff-story-readers', width);
});
