import { expect, test } from './fixtures';

test('About: hero, Read More / Read Less, counters, vision, mission and eight leaders', async ({ page }) => {
  await page.goto('/about/our_vision');
  await expect(page.getByRole('heading', { level: 1, name: 'Who we are' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');

  const story = page.locator('#about-story-text');
  await expect(story.locator('p')).toHaveCount(2);
  await page.getByRole('button', { name: 'Read More' }).click();
  await expect(story.locator('p')).toHaveCount(6);
  await page.getByRole('button', { name: 'Read Less' }).click();
  await expect(story.locator('p')).toHaveCount(2);

  await page.locator('#about-overview').scrollIntoViewIfNeeded();
  await expect(page.locator('#about-overview .stat__value')).toHaveText(['6000+', '700+', '11+', '500+'], {
    timeout: 5000,
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Our Vision' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Our Mission' })).toBeVisible();

  const leaders = page.locator('#leaders li.leader-card');
  await expect(leaders).toHaveCount(8);
  // The intro counts the list the details hold.
  await expect(page.locator('#leaders .section-heading__intro')).toHaveText(
    /^Eight leaders, each responsible for one part of the group/,
  );
  await expect(leaders.locator('.leader-card__role')).toHaveText([
    'Founder & Managing Director',
    'Senior Director',
    'Director – Corporate Affairs',
    'Director – Real Estate Transactions',
    'Director – Projects',
    'Director – Facility Management',
    'Director – HR Labs',
    'Director – IT Operations',
  ]);
  // LinkedIn only where the leader has a profile: Rahul Bhat has none, Kavita Deshpande has one.
  await expect(page.getByRole('link', { name: /Rahul Bhat on LinkedIn/ })).toHaveCount(0);
  const linkedIn = page.getByRole('link', { name: /Kavita Deshpande on LinkedIn/ });
  await expect(linkedIn).toHaveAttribute('href', /^https:\/\/www\.linkedin\.com\/in\//);
  await expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('link', { name: /on LinkedIn/ })).toHaveCount(5);
});

test("Founder's message: breadcrumb Home > About Us > Chairman's Message", async ({ page }) => {
  await page.goto('/about/founder_message');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('listitem')).toHaveText(['Home', 'About Us', "Chairman's Message"]);
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(breadcrumb.getByRole('link', { name: 'About Us' })).toHaveAttribute(
    'href',
    '/about/our_vision',
  );
  await expect(breadcrumb.getByText("Chairman's Message")).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: "Chairman's Message" })).toBeVisible();
  await breadcrumb.getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about\/our_vision$/);
});

test('Why Us: who we are, competitive edge, specialization, one roof, why choose us', async ({ page }) => {
  await page.goto('/why-us');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Who We Are',
    'Our Competitive Edge',
    'Our Specialization',
    'Everything Under One Roof',
    'Why Choose Us',
  ]);
  const roof = page.locator('#one-roof');
  await expect(roof.getByRole('link', { name: 'Real Estate Transactions' })).toHaveAttribute(
    'href',
    '/real-estate',
  );
  await roof.getByRole('link', { name: 'HR Solutions' }).click();
  await expect(page).toHaveURL(/\/hr-labs$/);
});

const businessPages = [
  ['/facility-management-services', 'Facility Management Services', 'Visit Fidelitus FMS'],
  ['/projects', 'Projects', 'Visit Fidelitus Projects'],
  ['/hr-labs', 'HR Labs', 'Visit Fidelitus HR Labs'],
  ['/real-estate', 'Real Estate', 'Visit Fidelitus Transactions'],
] as const;

for (const [path, title, linkName] of businessPages) {
  test(`${title}: breadcrumb Home > page, a banner and links to its own site`, async ({ page }) => {
    await page.goto(path);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Home', title]);
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.page-hero__art')).toBeVisible();
    const outside = page.getByRole('link', { name: new RegExp(`^${linkName}`) });
    await expect(outside).toHaveCount(2); // in the banner and in the closing band
    for (const link of await outside.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
}

test('HR Labs shows its four offerings', async ({ page }) => {
  await page.goto('/hr-labs');
  await expect(page.locator('#offerings').getByRole('heading', { level: 3 })).toHaveText([
    'Talent Acquisition',
    'Learning and Development',
    'Organisation Transformation',
    'Startup Labs',
  ]);
});

test('Gallery: 25% of sales to the foundation, established 2014, link to its site', async ({ page }) => {
  await page.goto('/fidelitus_gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Art & Media' })).toBeVisible();
  const facts = page.getByRole('region', { name: 'The gallery in figures' });
  await expect(facts).toContainText('2014');
  await expect(facts).toContainText('25%');
  await expect(facts).toContainText('of every sale goes to Shilpa Foundation');
  await expect(page.getByText(/established in 2014/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Visit Fidelitus Gallery/ }).first()).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
});

test('Foundation: education, environment and healthcare since 2014, link to its site', async ({ page }) => {
  await page.goto('/shilpa_foundation');
  await expect(page.getByRole('heading', { level: 1, name: 'Shilpa Foundation' })).toBeVisible();
  await expect(page.locator('#programmes').getByRole('heading', { level: 3 })).toHaveText([
    'Education',
    'Environment',
    'Healthcare',
  ]);
  await expect(page.getByText(/Since 2014/).first()).toBeVisible();
  await expect(page.getByText('500 +')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Visit Shilpa Foundation/ }).first()).toHaveAttribute(
    'href',
    /^https:\/\//,
  );
});
