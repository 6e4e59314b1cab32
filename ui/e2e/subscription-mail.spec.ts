import { blogPath } from '@/lib/blog-path';
import { expect, SEEDED_STORY_ID, test } from './fixtures';
import { linkIn, mailsTo } from './mail-helpers';

test('subscribe, open the link from the received mail, see it confirmed; then leave in one click', async ({
  page,
}) => {
  const address = `reader-${Date.now()}@example.com`;
  await page.goto(blogPath(SEEDED_STORY_ID));
  await page.getByRole('textbox', { name: 'Your email address' }).fill(address);
  await page.getByRole('button', { name: 'submit', exact: true }).click();
  await expect(page.locator('.toast--success')).toHaveText(/Blog Subscribed Successfully/);

  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(1);
  const [mail = ''] = mailsTo(address);
  expect(mail).toMatch(/^Subject: Confirm your subscription/m);

  const confirm = linkIn(mail, '/blogs/subscribe/confirm?token=');
  await page.goto(confirm);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Subscription confirmed' })).toBeVisible();
  await expect(page.getByText('Your subscription is confirmed')).toBeVisible();
  await expect(page).toHaveTitle('Confirm your subscription | Fidelitus Corp');

  // Opening it again says so, and changes nothing.
  await page.reload();
  await expect(page.getByText('Your subscription was already confirmed.')).toBeVisible();

  // The List-Unsubscribe header (RFC 8058), as a mail client's button uses it.
  const leave = /^List-Unsubscribe: <([^>]+)>/m.exec(mail)?.[1];
  if (!leave) throw new Error(`no List-Unsubscribe header in the mail:\n${mail}`);
  await page.goto(leave);
  await expect(page.getByText('Stop getting new stories by mail at this address?')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'You are unsubscribed' })).toBeVisible();
});

test('a broken confirmation link says what is wrong, without a server error', async ({ page, guard }) => {
  guard.allowConsoleError(/400/);
  await page.goto('/blogs/subscribe/confirm?token=not-a-real-token');
  await expect(page.getByRole('heading', { level: 2, name: 'This link did not work' })).toBeVisible();
  await expect(page.getByText('This link is not valid.')).toBeVisible();
  await page.getByRole('link', { name: 'Read our blogs' }).click();
  await expect(page).toHaveURL(/\/blogs$/);
});
