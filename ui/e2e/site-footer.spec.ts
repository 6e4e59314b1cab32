import { expect, test } from './fixtures';

test('the footer links to the site pages, the services and the outside sites', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const expected: [string, string][] = [
    ['About', '/about/our_vision'],
    ['Why Us', '/why-us'],
    ['Blog', '/blogs'],
    ['Careers', '/join_us'],
    ['Contact', '/contact'],
    ['Real Estate', '/real-estate'],
    ['Projects', '/projects'],
    ['Facility Management', '/facility-management-services'],
    ['HR Labs', '/hr-labs'],
  ];
  for (const [name, href] of expected) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  for (const name of [/Fidelitus Gallery/, /Shilpa Foundation/]) {
    const link = footer.getByRole('navigation', { name: 'Our Wings' }).getByRole('link', { name });
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  // The office's year (the demo's zone), not a year written into the code.
  const year = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(
    new Date(),
  );
  await expect(footer).toContainText(`© ${year} `);
});

test('social icons open Facebook, Instagram, LinkedIn, YouTube and a WhatsApp chat with a greeting', async ({
  page,
}) => {
  await page.goto('/why-us');
  const footer = page.getByRole('contentinfo');
  const hosts: [RegExp, RegExp][] = [
    [/^Facebook/, /^https:\/\/www\.facebook\.com\//],
    [/^Instagram/, /^https:\/\/www\.instagram\.com\//],
    [/^LinkedIn/, /^https:\/\/www\.linkedin\.com\//],
    [/^YouTube/, /^https:\/\/www\.youtube\.com\//],
    [/^WhatsApp/, /^https:\/\/wa\.me\/\d+\?text=Hello\b/],
  ];
  for (const [name, href] of hosts) {
    const link = footer.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link.locator('svg')).toBeVisible();
  }
  const whatsApp = await footer.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href');
  expect(decodeURIComponent(new URL(whatsApp ?? '').searchParams.get('text') ?? '')).toMatch(/^Hello/);
});

test('the footer phone and email are tel: and mailto: links', async ({ page }) => {
  await page.goto('/projects');
  const footer = page.getByRole('contentinfo');
  await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
});
