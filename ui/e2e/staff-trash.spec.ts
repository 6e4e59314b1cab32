import type { Page } from '@playwright/test';
import { blogPath } from '@/lib/blog-path';
import { expect, SEEDED_STORY_ID, test } from './fixtures';
import { linkIn, mailsTo } from './mail-helpers';
import { expectAxeClean, readyStaff, shoot, signIn, tabTo, writeStoryBody } from './staff-helpers';

const EXPECTED_FAILURES = /401|409|Failed to load resource/;

/** A confirmed reader of the blog, as a visitor becomes one: the form, then the mailed link. */
async function confirmedReader(page: Page, address: string) {
  await page.goto(blogPath(SEEDED_STORY_ID));
  await page.getByRole('textbox', { name: 'Your email address' }).fill(address);
  await page.getByRole('button', { name: 'submit', exact: true }).click();
  await expect(page.locator('.toast--success')).toHaveText(/Blog Subscribed Successfully/);
  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(1);
  const [confirmation = ''] = mailsTo(address);
  await page.goto(linkIn(confirmation, '/blogs/subscribe/confirm?token='));
  await expect(page.getByText('Your subscription is confirmed')).toBeVisible();
}

test('a deleted story is restored from the trash with the keyboard, public again, and mails no reader twice', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  test.slow();
  guard.allowConsoleError(EXPECTED_FAILURES);
  const reader = `trash-reader-${Date.now()}@example.com`;
  await confirmedReader(page, reader);

  const email = await readyStaff(request, baseURL ?? '', 'trash');
  await page.goto('/login?next=%2Fstaff%2Fstories');
  await signIn(page, email);
  await page.getByRole('link', { name: 'New story' }).click();
  const title = `Back from the trash ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel(/^Motive/).fill('A story deleted by mistake, and put back.');
  await writeStoryBody(page, 'The brief', 'Nothing is lost for thirty days.');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page).toHaveURL(/\/staff\/stories\/back-from-the-trash-\d+$/);
  const slug = new URL(page.url()).pathname.split('/').pop() ?? '';
  // The reader is mailed the new story once.
  await expect.poll(() => mailsTo(reader).length, { timeout: 15_000 }).toBe(2);

  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/stories$/);
  await expect
    .poll(async () => (await request.get(`/api/corp_website/blogs/get/${slug}`)).status())
    .toBe(404);

  // The trash, reached from the bar and worked with the keyboard alone.
  const trashLink = page.getByRole('link', { name: 'Trash', exact: true });
  await tabTo(page, trashLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/trash$/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Story');
  await expectAxeClean(page, 'the trash');
  for (const width of [390, 1440]) await shoot(page, 'staff-trash', width);
  await tabTo(page, row.getByRole('button', { name: `Restore ${title}` }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'back where it was' })).toHaveText(
    `“${title}” is back where it was.`,
  );
  await expect(row).toHaveCount(0);

  await expect
    .poll(async () => (await request.get(`/api/corp_website/blogs/get/${slug}`)).status())
    .toBe(200);
  await page.goto(blogPath(slug));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  // Three seconds for any mail the restore might have queued to go: none does.
  await page.waitForTimeout(3000);
  expect(mailsTo(reader)).toHaveLength(2);
});

test('an owner sets how long each list keeps a lead, and a wrong number is named', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(EXPECTED_FAILURES);
  const email = await readyStaff(request, baseURL ?? '', 'retention');
  await page.goto('/login?next=%2Fstaff%2Ftrash');
  await signIn(page, email);
  const applicants = page.getByLabel('Applicants: months after the application is decided');
  await applicants.fill('0');
  await page.getByRole('button', { name: 'Save the rules' }).click();
  await expect(applicants).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Choose a whole number of months from 1 to 120/)).toBeVisible();
  await applicants.fill('6');
  await page.getByRole('button', { name: 'Save the rules' }).click();
  await expect(page.getByText(/^The rules are saved\./)).toBeVisible();
  await page.reload();
  await expect(applicants).toHaveValue('6');
  await expectAxeClean(page, 'the trash with the rules');
  for (const width of [390, 1440]) await shoot(page, 'staff-retention', width);
  // Back as it was, for the other specs' applicants.
  await applicants.fill('');
  await page.getByRole('button', { name: 'Save the rules' }).click();
  await expect(page.getByText(/^The rules are saved\./)).toBeVisible();
});
