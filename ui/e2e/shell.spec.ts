import { expect, ROUTES, test, waitForApp } from './fixtures';

for (const route of ROUTES) {
  test(`${route} renders inside the header and footer, from this server only`, async ({ page }) => {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The guard fixture fails the test on any request outside 127.0.0.1 or a console error.
  });
}

test('an unknown path answers 404 and shows the error screen with the message', async ({ page, guard }) => {
  guard.allowConsoleError(/404/);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText(/404 Not Found/)).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});

test('a route change scrolls back to the top', async ({ page }) => {
  await page.goto('/about/our_vision');
  await page.evaluate(() => {
    document.body.style.minHeight = '5000px';
    window.scrollTo(0, 2000);
  });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("a page of islands loads its islands' modules, and not its page's nor another page's", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/contact');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(scripts.some((s) => s.includes('/islands-'))).toBe(true);
  expect(scripts.some((s) => s.includes('contact-form'))).toBe(true);
  expect(scripts.some((s) => s.includes('contact-page'))).toBe(false);
  expect(scripts.some((s) => s.includes('application-form') || s.includes('join-us-page'))).toBe(false);
  // Nor the app (its router and every page): its entry is index-*.js.
  expect(scripts.some((s) => /\/index-[^/]*\.js$/.test(s))).toBe(false);
});

test("a page's banner art and the site's icon come with the page: nothing but the loader is asked for before the islands", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/contact');
  await waitForApp(page);
  const art = page.locator('img.page-hero__art');
  await expect(art).toHaveAttribute('src', /^data:image\/svg\+xml,/);
  // Drawn: an image that failed to decode has no natural width.
  await expect
    .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(asked.filter((path) => /contact-hero|favicon/.test(path))).toEqual([]);
  // The browser's icon is the page's own.
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
});

test('a link held under the pointer is fetched before the click: the next page comes from the prefetch', async ({
  page,
}) => {
  await page.goto('/about/our_vision');
  await waitForApp(page);
  // The islands add the site's rules once they run (no header, nothing before the first paint).
  await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
  const contact = page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true });
  await contact.scrollIntoViewIfNeeded();
  // The rules' moderate eagerness: the pointer held on the link for 200 ms starts the fetch.
  const prefetched = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/contact' && request.headers()['sec-purpose'] === 'prefetch',
  );
  await contact.hover();
  await prefetched;
  await contact.click();
  await expect(page).toHaveURL(/\/contact$/);
  const delivery = await page.evaluate(
    () =>
      (
        performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
          deliveryType?: string;
        }
      ).deliveryType,
  );
  expect(delivery).toBe('navigational-prefetch');
});
