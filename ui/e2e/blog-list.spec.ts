import { blogPath } from '@/lib/blog-path';
import { fakeBlog, fetchList, isBlogList, PAGE_SIZE, serveFakeMedia } from './blog-helpers';
import { expect, holdRequests, openInApp, test } from './fixtures';

const HEADLINE = 'The Hand Picked success stories by the company which might inspire you and believe in us';

test('the list shows the hero, breadcrumb, headline and the three card groups', async ({ page, request }) => {
  const expected = await fetchList(request, 1);
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByText('Blogs')).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.page-hero')).toContainText(HEADLINE);
  await expect(page.getByRole('heading', { level: 2, name: 'Success stories' })).toBeVisible();

  const items = page.locator('.blog-grid > li');
  await expect(items).toHaveCount(expected.data.datas.length);
  expect(expected.data.datas.length).toBe(PAGE_SIZE);
  // 1: double width with title and author over the image; 5: wide text card without image.
  await expect(items.nth(0)).toHaveClass(/blog-grid__item--feature/);
  const first = expected.data.datas[0];
  if (!first) throw new Error('no blogs');
  await expect(items.nth(0).getByRole('heading', { name: first.title })).toBeVisible();
  if (first.written_by) await expect(items.nth(0).getByText(first.written_by.name)).toBeVisible();
  await expect(items.nth(4)).toHaveClass(/blog-grid__item--text/);
  await expect(items.nth(4).locator('img')).toHaveCount(0);
  const fifth = expected.data.datas[4];
  if (fifth) await expect(items.nth(4).getByText(fifth.motive)).toBeVisible();
  for (const i of [1, 2, 3, 5, 8, 11]) await expect(items.nth(i)).toHaveClass(/blog-grid__item--standard/);
  // The double-width card is twice as wide as a standard one.
  const wide = await items.nth(0).boundingBox();
  const standard = await items.nth(1).boundingBox();
  expect(wide && standard && wide.width > standard.width * 1.9).toBe(true);
  // Every card: image (lazy below the first row, with a size), title, first tag.
  const ninth = items.nth(8);
  await expect(ninth.locator('img')).toHaveAttribute('loading', 'lazy');
  const ninthBlog = expected.data.datas[8];
  // Its real size when the server recorded one (a photo), else the drawings' 16:9 box.
  await expect(ninth.locator('img')).toHaveAttribute(
    'width',
    String(ninthBlog?.blog_image_set?.width ?? 1200),
  );
  if (ninthBlog?.tags[0])
    await expect(ninth.getByText(ninthBlog.tags[0].name, { exact: true })).toBeVisible();
  // Titles are clamped to three lines.
  const clamp = await ninth
    .locator('.blog-card__title')
    .evaluate((el) => getComputedStyle(el).webkitLineClamp);
  expect(clamp).toBe('3');
});

test('a card opens the post at /blogs/detail/{_id}', async ({ page, request }) => {
  const expected = await fetchList(request, 1);
  const second = expected.data.datas[1];
  if (!second) throw new Error('no blogs');
  await page.goto('/blogs');
  await page.getByRole('link', { name: second.title }).click();
  await expect(page).toHaveURL(blogPath(second._id));
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
});

test('pagination keeps the page in the URL, and back, forward and shared links work', async ({
  page,
  request,
}) => {
  const second = await fetchList(request, 2);
  expect(second.data.pagination.total).toBeGreaterThan(PAGE_SIZE);
  await page.goto('/blogs');
  const pager = page.getByRole('navigation', { name: 'Blog pages' });
  await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pager.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/blogs\?page=2$/);
  await expect(page.locator('.blog-grid > li')).toHaveCount(second.data.datas.length);
  const firstOfPage2 = second.data.datas[0];
  if (!firstOfPage2) throw new Error('page 2 is empty');
  await expect(page.getByRole('link', { name: firstOfPage2.title })).toBeVisible();
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await page.goBack();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.locator('.blog-grid > li')).toHaveCount(PAGE_SIZE);
  await page.goForward();
  await expect(page).toHaveURL(/\/blogs\?page=2$/);
  await expect(page.getByRole('link', { name: firstOfPage2.title })).toBeVisible();

  // A shared link opens on that page directly.
  const fresh = await page.context().newPage();
  await fresh.goto('/blogs?page=2');
  await expect(fresh.getByRole('link', { name: firstOfPage2.title })).toBeVisible();
  await fresh.close();
});

test('pagination is hidden when everything fits on one page', async ({ page }) => {
  await serveFakeMedia(page);
  await page.route(isBlogList, (route) =>
    route.fulfill({
      json: {
        data: {
          datas: [fakeBlog({ _id: 'a', title: 'Only post A' }), fakeBlog({ _id: 'b', title: 'Only post B' })],
          pagination: { total: 2, limit: 12, page: 1, pages: 1 },
        },
      },
    }),
  );
  await openInApp(page, '/blogs');
  await expect(page.getByRole('link', { name: 'Only post B' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Blog pages' })).toHaveCount(0);
});

test('search is debounced, sends text, lives in the URL as ?q= and says when nothing matches', async ({
  page,
  request,
}) => {
  const term = 'Healthcare';
  const expected = await fetchList(request, 1, term);
  expect(expected.data.pagination.total).toBeGreaterThan(0);
  const sent: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('/blogs/get')) sent.push(url.searchParams.get('text') ?? '');
  });
  await page.goto('/blogs');
  await expect(page.locator('.blog-grid > li')).toHaveCount(PAGE_SIZE);
  const box = page.getByRole('searchbox', { name: 'Search the blogs' });
  await box.pressSequentially(term, { delay: 30 });
  await expect(page).toHaveURL(/\/blogs\?q=Healthcare$/);
  await expect(page.locator('.blog-grid > li')).toHaveCount(expected.data.datas.length);
  await expect(page.getByText(`${expected.data.pagination.total} found for “${term}”`)).toBeVisible();
  // Debounced: one call for the whole word, none for each letter.
  expect(sent.filter((t) => t !== '' && t !== term)).toEqual([]);
  expect(sent.filter((t) => t === term)).toHaveLength(1);

  await box.fill('zzqxv no such words');
  await expect(page.getByText('No blogs match “zzqxv no such words”.')).toBeVisible();
  await expect(page.locator('.blog-grid')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Blog pages' })).toHaveCount(0);

  // Back returns to the earlier search, with the box following the URL.
  await page.goBack();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(box).toHaveValue('');
  await page.goForward();
  await expect(box).toHaveValue('zzqxv no such words');

  await page.getByRole('button', { name: 'Clear search' }).first().click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.locator('.blog-grid > li')).toHaveCount(PAGE_SIZE);
});

test('a shared search link opens with the search filled in', async ({ page, request }) => {
  const expected = await fetchList(request, 1, 'Healthcare');
  await page.goto('/blogs?q=Healthcare');
  await expect(page.getByRole('searchbox', { name: 'Search the blogs' })).toHaveValue('Healthcare');
  await expect(page.locator('.blog-grid > li')).toHaveCount(expected.data.datas.length);
});

test('shows a loading state while the list is on its way', async ({ page }) => {
  const answer = await holdRequests(page, isBlogList);
  await openInApp(page, '/blogs');
  await expect(page.getByRole('status').filter({ hasText: 'Loading the blogs…' })).toBeVisible();
  await expect(page.locator('.blog-card--skeleton').first()).toBeVisible();
  answer.release();
  await expect(page.locator('.blog-grid > li')).toHaveCount(PAGE_SIZE);
  await expect(page.locator('.blog-card--skeleton')).toHaveCount(0);
});

test('a failing list call shows an error toast and a way to retry', async ({ page, guard }) => {
  guard.allowConsoleError(/Failed to load resource.*500/);
  let fail = true;
  await page.route(isBlogList, (route) =>
    fail
      ? route.fulfill({ status: 500, json: { message: 'The blog store is unavailable.' } })
      : route.fallback(),
  );
  await openInApp(page, '/blogs');
  await expect(page.locator('.toast--error')).toHaveText(/We could not load the blogs/);
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('.blog-grid > li')).toHaveCount(PAGE_SIZE);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`no horizontal scroll at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/blogs');
    await expect(page.locator('.blog-grid > li')).toHaveCount(PAGE_SIZE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  });
}

test('no horizontal scroll at 320px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/blogs?page=2');
  await expect(page.locator('.blog-grid > li').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
