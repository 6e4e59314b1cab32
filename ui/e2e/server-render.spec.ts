import { blogPath } from '@/lib/blog-path';
import { expect, ROUTES, SEEDED_STORY_ID, test } from './fixtures';

/** The text a page shows, without scripts running. */
test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const route of ROUTES) {
    test(`${route} reads completely, header to footer`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('This site needs JavaScript')).toHaveCount(0);
      // Nothing waits for data: no loading placeholders.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    });
  }

  test('a post shows its body and similar posts, and its links navigate', async ({ page }) => {
    await page.goto(blogPath(SEEDED_STORY_ID));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Science labs');
    await expect(page.locator('.blog-detail__content p').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Similar BLogs' })).toBeVisible();
    // The author's initial is a coloured circle of its own size, not a white letter on white
    // waiting for a script to size and colour it.
    const initial = page.getByTestId('author-initial');
    await expect(initial).toHaveText('S');
    expect(await initial.boundingBox()).toMatchObject({ width: 44, height: 44 });
    await expect(initial).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await page.getByRole('banner').getByRole('link', { name: 'Why Us' }).click();
    await expect(page).toHaveURL(/\/why-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the blog list shows its cards and its pages link to each other', async ({ page }) => {
    await page.goto('/blogs');
    const cards = page.locator('.blog-grid .blog-card');
    await expect(cards.nth(3)).toBeVisible();
    const next = page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: '2' });
    await next.click();
    await expect(page).toHaveURL(/page=2/);
    // The URL is the new document's before its body is parsed: the card is waited for.
    await expect(page.locator('.blog-grid .blog-card').first()).toBeVisible();
  });
});

test('hydration keeps the server nodes, asks the API nothing and warns nothing', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    // Data the page fetched again; the page-view beacon (`/api/visits`) is not data.
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') && path !== '/api/visits') apiCalls.push(request.url());
  });
  // Before any module script runs, keep the server's nodes to compare with afterwards.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const kept = window as unknown as Record<string, unknown>;
      kept.serverHeading = document.querySelector('h1');
      kept.serverCard = document.querySelector('.blog-grid .blog-card');
      kept.serverFooter = document.querySelector('footer');
    });
  });
  await page.goto('/blogs');
  // Hydrated: the search box answers typing with the app's own handling.
  await page.waitForLoadState('networkidle');
  const same = await page.evaluate(() => {
    const kept = window as unknown as Record<string, unknown>;
    return {
      heading: kept.serverHeading === document.querySelector('h1'),
      card: kept.serverCard !== null && kept.serverCard === document.querySelector('.blog-grid .blog-card'),
      footer: kept.serverFooter === document.querySelector('footer'),
    };
  });
  expect(same).toEqual({ heading: true, card: true, footer: true });
  expect(apiCalls, 'the page came with its data').toEqual([]);
  expect(warnings).toEqual([]);

  // A page of islands: another page is the browser's to load, as the server renders it.
  await page.evaluate(() => {
    (window as unknown as Record<string, unknown>).sameDocument = true;
  });
  await page.getByRole('banner').getByRole('link', { name: 'Why Us' }).click();
  await expect(page).toHaveURL(/\/why-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as Record<string, unknown>).sameDocument),
  ).toBeUndefined();
  await expect(page).toHaveTitle(/^Why Us \| /);
});

test('a post hydrates with its data: no refetch, and the post colour is applied', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    // Data the page fetched again; the page-view beacon (`/api/visits`) is not data.
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') && path !== '/api/visits') apiCalls.push(request.url());
  });
  await page.goto(blogPath(SEEDED_STORY_ID));
  await page.waitForLoadState('networkidle');
  expect(apiCalls).toEqual([]);
  const kicker = page.locator('.blog-detail__kicker');
  await expect(kicker).not.toHaveCSS('color', 'rgb(0, 0, 0)');
});
