import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { linkIn, mailsTo } from './mail-helpers';
import { expectAxeClean, postEnquiry, readyStaff, signIn, tabTo } from './staff-helpers';

/** Where the screenshots go, to be looked at: e2e/screenshots/ (gitignored), or SHOTS_DIR. */
const SHOTS = process.env.SHOTS_DIR ?? fileURLToPath(new URL('./screenshots/', import.meta.url));
const SIGNED_OUT = /401|Failed to load resource/;

test.describe.configure({ mode: 'serial' });
// "Due today" is today on the office's clock (Kolkata): the specs that move the zone have a
// server of their own.

/** Today in the demo office's zone (Asia/Kolkata), as the server's "Due today" reads it. */
function officeToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

test('a lead given to a colleague with the keyboard reaches them by mail, under Mine and Due today', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const owner = await readyStaff(request, baseURL ?? '', 'assign-owner');
  const sam = await readyStaff(request, baseURL ?? '', 'assign-sales', ['sales'], 'Sam Sales');
  const tag = `${Date.now()}`;
  const lead = `Meera ${tag}`;
  await postEnquiry(request, lead, 'Two floors in Whitefield.');

  await page.goto('/login?next=%2Fstaff');
  await signIn(page, owner);
  await page.getByLabel('Search names, emails, mobiles, messages').fill(`meera ${tag}`);
  await page.getByRole('button', { name: 'Apply' }).click();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: lead }).click();
  const detail = page.getByRole('region', { name: lead });

  // The keyboard alone: to the select, a name typed picks it, Tab on to Save, Enter.
  const assigned = detail.getByLabel('Assigned to');
  await expect(assigned.locator('option')).toContainText(['Unassigned', 'Sam Sales']);
  await tabTo(page, assigned);
  await page.keyboard.type('Sam');
  await expect(assigned).toHaveValue(/\d+/);
  await tabTo(page, detail.getByRole('button', { name: 'Save', exact: true }), 10);
  await page.keyboard.press('Enter');
  await expect(detail.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(rows.first()).toContainText('Sam Sales');

  // The mail reaches Sam, with the link to the lead.
  await expect.poll(() => mailsTo(sam).length, { timeout: 10_000 }).toBe(1);
  const [mail = ''] = mailsTo(sam);
  expect(mail).toMatch(new RegExp(`^Subject: Front Office gave you an enquiry from ${lead}`, 'm'));
  const link = linkIn(mail, '/staff?list=enquiries&id=');
  expect(new URL(link).origin).toBe(new URL(baseURL ?? '').origin);

  // A follow-up for today: the row's badge says it is due.
  await detail.getByLabel('Follow up').fill(officeToday());
  await detail.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(rows.first().locator('.follow-up-badge--due')).toBeVisible();
  await expectAxeClean(page, 'inbox with an assigned lead');
  expect(mailsTo(owner)).toHaveLength(0);

  // Sam follows the mail's link, signs in, and finds it under Mine and Due today.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByLabel('Email')).toBeVisible();
  await signIn(page, sam);
  await expect(page.getByRole('region', { name: lead })).toBeVisible();
  const mine = page.getByRole('button', { name: 'Mine' });
  await tabTo(page, mine);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/assigned=me/);
  await expect(mine).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('tbody tr').filter({ hasText: lead })).toHaveCount(1);
  await page.getByRole('button', { name: 'Due today' }).click();
  await expect(page).toHaveURL(/due=today/);
  await expect(page.locator('tbody tr').filter({ hasText: lead })).toHaveCount(1);
  await page.getByRole('button', { name: 'Unassigned' }).click();
  await expect(page.locator('tbody tr').filter({ hasText: lead })).toHaveCount(0);
  await page.getByRole('button', { name: 'Unassigned' }).click();
  await page.getByRole('button', { name: 'Mine' }).click();
  await expectAxeClean(page, 'Mine and Due today');

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('tbody tr').filter({ hasText: lead }).getByRole('button', { name: lead }).click();
    await expect(page.getByRole('region', { name: lead }).getByLabel('Assigned to')).toBeVisible();
    await page.screenshot({ path: join(SHOTS, `staff-assign-${width}.png`), fullPage: true });
  }

  // The morning digest is Sam's to turn on.
  await page.goto('/staff/account');
  const digest = page.getByLabel('Send me the morning digest');
  await expect(digest).toBeEnabled();
  await expect(digest).not.toBeChecked();
  await tabTo(page, digest);
  await page.keyboard.press('Space');
  await expect(page.getByText('The morning digest is on.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Send me the morning digest')).toBeChecked();
  await expectAxeClean(page, 'account with the digest');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('heading', { name: 'Morning digest' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `staff-digest-${width}.png`) });
  }
});
