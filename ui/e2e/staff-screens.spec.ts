import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from './axe-check';
import { expect, test } from './fixtures';
import {
  addStaff,
  PASSWORD,
  postApplication,
  postEnquiry,
  setUpAuthenticatorOnScreen,
  signIn,
  writeStoryBody,
} from './staff-helpers';

/** Failed calls are logged: the first visit to a staff screen without a session is a 401. */
const SIGNED_OUT = /401|Failed to load resource/;

/** The inbox shows this many items a page; one more makes its pager appear. */
const INBOX_PAGE_SIZE = 50;

async function expectAxeClean(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  expect(await seriousAxeViolations(page), screen).toEqual([]);
}

for (const width of [390, 1440]) {
  test(`every staff screen is axe clean, WCAG 2.2's target size included, at ${width} px`, async ({
    page,
    request,
    guard,
  }) => {
    test.slow();
    guard.allowConsoleError(SIGNED_OUT);
    await page.setViewportSize({ width, height: 900 });
    const tag = `Sweep${width}x${Date.now()}`;
    for (let n = 0; n <= INBOX_PAGE_SIZE; n++) await postEnquiry(request, `Asha ${n} ${tag}`);
    await postApplication(request, `Kiran ${tag}`);

    const email = `${tag.toLowerCase()}@corp.example`;
    addStaff(email, 'given once by the office');
    await page.goto('/login');
    await expectAxeClean(page, 'sign-in');
    await signIn(page, email, 'given once by the office');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectAxeClean(page, 'new password');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    // An owner needs a second factor: the set-up screen comes first.
    await expect(page.getByText('Your role needs a second factor.')).toBeVisible();
    await expectAxeClean(page, 'setting up a second factor');
    await setUpAuthenticatorOnScreen(page, email);
    await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();

    // The enquiries of this test: more than a page, so the pager shows; then one opened.
    await page.getByLabel('Search names, emails, mobiles, messages').fill(tag);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();
    await expectAxeClean(page, 'enquiries with a pager');
    const enquiry = new RegExp(`^Asha \\d+ ${tag}$`);
    await page.getByRole('button', { name: enquiry }).first().click();
    await expect(page.getByRole('heading', { name: enquiry })).toBeFocused();
    await page.getByLabel('Add a note').fill('Called back.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Called back.')).toBeVisible();
    await expectAxeClean(page, 'an enquiry with a note');
    // Its email, phone and WhatsApp are links (one tap on a phone); the screen to look at.
    await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/919845012345',
    );
    await page.screenshot({
      path: fileURLToPath(new URL(`./screenshots/staff-enquiry-detail-${width}.png`, import.meta.url)),
    });

    await page.getByRole('button', { name: /^Subscribers/ }).click();
    await expect(page.getByRole('button', { name: /^Subscribers/ })).toHaveAttribute('aria-current', 'page');
    await expectAxeClean(page, 'subscribers');

    await page.getByRole('button', { name: /^Applicants/ }).click();
    await page.getByLabel('Search names, emails, mobiles, messages').fill(tag);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: `Kiran ${tag}` }).click();
    await expect(page.getByRole('link', { name: 'View resume' })).toBeVisible();
    await expectAxeClean(page, 'an applicant');

    await page.getByRole('link', { name: 'Stories' }).click();
    await expect(page.getByRole('heading', { name: 'Stories' })).toBeVisible();
    await expect(page.getByRole('row')).not.toHaveCount(1);
    await expectAxeClean(page, 'stories');

    await page.getByRole('link', { name: 'New story' }).click();
    await expect(page.getByRole('heading', { name: 'New story' })).toBeVisible();
    await expectAxeClean(page, 'a new story');
    await page.getByLabel('Title', { exact: true }).fill(`Checked story ${tag}`);
    await page.getByLabel('Tags', { exact: true }).fill('Real Estate');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await writeStoryBody(page, 'A heading', 'A body to preview.');
    await expect(
      page.getByRole('region', { name: 'Preview' }).getByRole('heading', { level: 2 }),
    ).toBeVisible();
    // Without a motive the server names the field: the editor with its error is checked too.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByLabel(/^Motive/)).toHaveAttribute('aria-invalid', 'true');
    await expectAxeClean(page, 'a story with a field in error');
    await page.getByLabel(/^Motive/).fill('Checked by axe.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('heading', { name: 'Edit story' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove tag Real Estate' })).toBeVisible();
    await expectAxeClean(page, 'a saved story with a tag and a preview');
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/staff\/stories$/);

    await page.getByRole('link', { name: 'Company details' }).click();
    await expect(page.getByRole('heading', { name: 'Company details', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Phone', { exact: true })).toBeVisible();
    await expectAxeClean(page, 'company details');
  });
}
