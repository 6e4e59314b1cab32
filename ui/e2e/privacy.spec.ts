import { seriousAxeViolations } from './axe-check';
import { expect, test, waitForApp } from './fixtures';

/**
 * The privacy notice: reached from every page's footer with the keyboard alone, or without
 * JavaScript; it states each list's retention rule as the owners set it (the seeded site has
 * none: every list is kept until its person asks) and the trash's days, and names the
 * company's email to write to.
 */
test.use({ reducedMotion: 'reduce' });

test('a visitor opens the privacy notice from the footer with the keyboard', async ({ page }) => {
  await page.goto('/contact');
  await waitForApp(page);
  const footer = page.getByRole('contentinfo');
  // The last link of the footer's columns, the email; the next stop is the notice's link.
  await footer.locator('.site-footer__contact a[href^="mailto:"]').focus();
  await page.keyboard.press('Tab');
  const link = footer.getByRole('link', { name: 'Privacy notice', exact: true });
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  await expect(page).toHaveTitle(/^Privacy notice \| /);
  const kept = page.getByRole('region', { name: 'How long it is kept' });
  await expect(kept.getByRole('listitem')).toHaveText([
    'Enquiries: kept until you ask us to erase them.',
    'Job applications: kept until you ask us to erase them.',
    'Blog subscriptions: kept until you ask us to erase them.',
  ]);
  await expect(kept).toContainText("may stay in the office's trash for 30 days before it is gone");
  const email = await footer.locator('.site-footer__contact a[href^="mailto:"]').getAttribute('href');
  await expect(
    page.getByRole('region', { name: 'Seeing or erasing your data' }).getByRole('link'),
  ).toHaveAttribute('href', email ?? 'mailto:');
  await page.waitForLoadState('networkidle');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer link leads to the whole notice, rendered by the server', async ({ page }) => {
    await page.goto('/why-us');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice', exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    await expect(page.getByText('Enquiries: kept until you ask us to erase them.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Who keeps your data',
      'What the site collects and why',
      'Who sees it',
      'How long it is kept',
      'Seeing or erasing your data',
    ]);
  });
});
