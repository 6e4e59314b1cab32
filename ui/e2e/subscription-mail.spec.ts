import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blogPath } from '@/lib/blog-path';
import { expect, SEEDED_STORY_ID, test } from './fixtures';

/** The mails the test SMTP server took for `address` (global-setup starts it). */
function mailsTo(address: string): string[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: global-setup did not start the SMTP server');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .filter((raw) => raw.startsWith(`X-Envelope-To: ${address}\r\n`));
}

/** A mail's body with quoted-printable soft breaks and escapes undone (its headers left out). */
function decoded(raw: string): string {
  return raw
    .slice(raw.indexOf('\r\n\r\n'))
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A link of the server's own origin to `path`, from a mail. */
function linkIn(raw: string, path: string): string {
  const match = new RegExp(`https?://[^\\s<>"]+${path.replace(/[/?]/g, '\\$&')}[^\\s<>"]+`).exec(
    decoded(raw),
  );
  if (!match) throw new Error(`no ${path} link in the mail:\n${raw}`);
  return match[0];
}

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
