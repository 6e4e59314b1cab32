import type { Page } from '@playwright/test';
import type { Blog } from '@/lib/api-types';
import { blogPath } from '@/lib/blog-path';
import { fakeBlog, fetchList, isBlogDetail, isBlogList, serveFakeMedia } from './blog-helpers';
import { expect, holdRequests, openInApp, SEEDED_STORY_ID, test } from './fixtures';

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

function longDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1),
  );
}

/** Answers the detail call with `blog`, and the list call with `others` (both routed). */
async function serveBlog(page: Page, blog: Blog, others: Blog[] = []) {
  await serveFakeMedia(page);
  await page.route(isBlogDetail, (route) => route.fulfill({ json: { data: { datas: [blog] } } }));
  await page.route(isBlogList, (route) =>
    route.fulfill({
      json: {
        data: {
          datas: [blog, ...others],
          pagination: { total: others.length + 1, limit: 12, page: 1, pages: 1 },
        },
      },
    }),
  );
}

async function firstListedBlog(request: Parameters<typeof fetchList>[0]): Promise<Blog> {
  const list = await fetchList(request, 1);
  const blog = list.data.datas.find((b) => b.tags.length > 0 && b.written_by?.profile_photo);
  if (!blog) throw new Error('no seeded blog with tags and an author photo');
  return blog;
}

test('a post shows its tags and reading time in its colour, title, author, date, image, motive and body', async ({
  page,
  request,
}) => {
  const blog = await firstListedBlog(request);
  await page.goto(blogPath(blog._id));
  await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeVisible();
  const kicker = page.locator('.blog-detail__kicker');
  for (const tag of blog.tags) await expect(kicker.getByText(tag.name, { exact: true })).toBeVisible();
  await expect(kicker.getByText(blog.min_read)).toBeVisible();
  await expect(kicker).toHaveCSS('color', hexToRgb(blog.color));
  await expect(page.locator('.blog-detail__read')).toHaveCSS('color', hexToRgb(blog.color));
  const article = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(article.getByText(blog.written_by?.name ?? '', { exact: true })).toBeVisible();
  await expect(article.locator('.author__photo')).toBeVisible();
  await expect(article.locator('time')).toHaveText(longDate(blog.date));
  const image = article.locator('.blog-detail__image');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(article.getByText(blog.motive)).toBeVisible();
  expect((await article.locator('.blog-detail__content').textContent())?.length ?? 0).toBeGreaterThan(100);
  await expect(article.locator('.blog-detail__content script, .blog-detail__content [style]')).toHaveCount(0);

  // Similar BLogs: three other posts, each with image, title, motive, author, date and reading time.
  await expect(page.getByRole('heading', { level: 2, name: 'Similar BLogs' })).toBeVisible();
  await expect(page.getByText("We've got the related blogs based on your selection")).toBeVisible();
  const cards = page.locator('.similar-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole('link', { name: blog.title, exact: true })).toHaveCount(0);
  for (const card of await cards.all()) {
    await expect(card.locator('img')).toHaveCount(1);
    await expect(card.locator('.similar-card__motive')).not.toBeEmpty();
    await expect(card.locator('time')).not.toBeEmpty();
    await expect(card.getByText(/min read/)).toBeVisible();
  }

  // The subscribe panel.
  await expect(
    page.getByRole('heading', { name: 'If you would love to hear about our latest blogs and updates' }),
  ).toBeVisible();
  await expect(page.getByText('Get blogs and our latest updates by just subscribe')).toBeVisible();
  await expect(page.getByPlaceholder('Enter your mail id')).toBeVisible();
  await expect(page.getByRole('button', { name: 'submit', exact: true })).toBeVisible();
});

test('similar posts are three columns wide and one narrow, and open their post', async ({
  page,
  request,
}) => {
  const blog = await firstListedBlog(request);
  await page.goto(blogPath(blog._id));
  const cards = page.locator('.similar-card');
  await expect(cards).toHaveCount(3);
  const boxes = await Promise.all((await cards.all()).map((c) => c.boundingBox()));
  expect(new Set(boxes.map((b) => Math.round(b?.y ?? -1))).size).toBe(1);
  await page.setViewportSize({ width: 390, height: 844 });
  const narrow = await Promise.all((await cards.all()).map((c) => c.boundingBox()));
  expect(new Set(narrow.map((b) => Math.round(b?.x ?? -1))).size).toBe(1);
  const title = (await cards.first().getByRole('link').textContent()) ?? '';
  await cards.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test("'Back to blogs' goes back one step, to the page the visitor came from", async ({ page, request }) => {
  const second = await fetchList(request, 2);
  const target = second.data.datas[0];
  if (!target) throw new Error('page 2 is empty');
  await page.goto('/blogs?page=2');
  await page.getByRole('link', { name: target.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
  await page.getByRole('link', { name: 'Back to blogs' }).click();
  await expect(page).toHaveURL(/\/blogs\?page=2$/);
  await expect(page.getByRole('link', { name: target.title })).toBeVisible();
});

test("'Back to blogs' opens the list when the post was opened directly", async ({ page, request }) => {
  const blog = await firstListedBlog(request);
  await page.goto(blogPath(blog._id));
  await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeVisible();
  await page.getByRole('link', { name: 'Back to blogs' }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
});

/**
 * Notes, on the wall clock (the tab's session storage keeps them across documents), when the
 * first error toast appears and when the home page's navigation starts: a page the server
 * rendered loads `/` as a new document; the app shows it in the same one.
 */
function clockToastAndHome() {
  const now = () => String(performance.timeOrigin + performance.now());
  if (location.pathname === '/' && !sessionStorage.getItem('homeAt')) {
    sessionStorage.setItem('homeAt', String(performance.timeOrigin));
  }
  new MutationObserver(() => {
    if (!sessionStorage.getItem('toastAt') && document.querySelector('.toast--error'))
      sessionStorage.setItem('toastAt', now());
  }).observe(document, { childList: true, subtree: true });
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name].bind(history);
    history[name] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      if (!sessionStorage.getItem('homeAt') && location.pathname === '/')
        sessionStorage.setItem('homeAt', now());
    };
  }
}

test('an unknown post shows the toast, then goes to / after 2 seconds', async ({ page, guard }) => {
  guard.allowConsoleError(/Failed to load resource.*404/);
  // Timed inside the page: a test runner's polling would see the toast late on a busy machine.
  await page.addInitScript(clockToastAndHome);
  await page.goto(blogPath('no-such-post-anywhere'));
  const toast = page.locator('.toast--error', { hasText: "We couldn't find the blog based on your search" });
  await expect(toast).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const waited = await page.evaluate(
    () => Number(sessionStorage.getItem('homeAt')) - Number(sessionStorage.getItem('toastAt')),
  );
  expect(waited).toBeGreaterThan(1500);
  expect(waited).toBeLessThan(3500);
});

test('an empty answer counts as not found too', async ({ page }) => {
  await page.route(isBlogDetail, (route) => route.fulfill({ json: { data: { datas: [] } } }));
  await openInApp(page, blogPath('empty-answer'));
  await expect(page.getByText("We couldn't find the blog based on your search").first()).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
});

test('a server error on the post shows an error toast and a retry, without leaving', async ({
  page,
  request,
  guard,
}) => {
  guard.allowConsoleError(/Failed to load resource.*500/);
  const blog = await firstListedBlog(request);
  let fail = true;
  await page.route(isBlogDetail, (route) =>
    fail ? route.fulfill({ status: 500, json: { message: 'Database is busy.' } }) : route.fallback(),
  );
  await openInApp(page, blogPath(blog._id));
  await expect(page.locator('.toast--error')).toHaveText(/We could not load this blog/);
  await page.waitForTimeout(2500);
  await expect(page).toHaveURL(blogPath(blog._id));
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeVisible();
});

test('a loading state shows while the post is on its way', async ({ page, request }) => {
  const blog = await firstListedBlog(request);
  const answer = await holdRequests(page, isBlogDetail);
  await openInApp(page, blogPath(blog._id));
  await expect(page.getByRole('status').filter({ hasText: 'Loading the blog…' })).toBeAttached();
  await expect(page.locator('.blog-detail__loading')).toBeVisible();
  answer.release();
  await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeVisible();
  await expect(page.locator('.blog-detail__loading')).toHaveCount(0);
});

test('an author without a photo gets a circle with the first initial in the blog colour', async ({
  page,
}) => {
  await serveBlog(
    page,
    fakeBlog({
      color: '#7c2d12',
      written_by: { name: 'farah Siddiqui', profile_photo: null, profile_photo_set: null },
    }),
  );
  await openInApp(page, blogPath('fake-post'));
  const initial = page.getByTestId('author-initial');
  await expect(initial).toHaveText('F');
  await expect(initial).toHaveCSS('background-color', hexToRgb('#7c2d12'));
  await expect(page.getByText('farah Siddiqui', { exact: true })).toBeVisible();
});

test('no author at all when written_by is null; no similar section when there are no others', async ({
  page,
}) => {
  await serveBlog(page, fakeBlog({ written_by: null }));
  await openInApp(page, blogPath('fake-post'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'A fake post for a routed answer' }),
  ).toBeVisible();
  await expect(page.locator('.author')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Similar BLogs' })).toHaveCount(0);
  await expect(page.locator('.blog-detail__divider')).toHaveCount(0);
  // The subscribe panel stays.
  await expect(page.getByPlaceholder('Enter your mail id')).toBeVisible();
});

test('a post without an image: no picture and no broken image, on the post and in its card', async ({
  page,
}) => {
  const bare = fakeBlog({ _id: 'bare-post', title: 'A post without a picture', blog_image: null });
  await serveBlog(page, bare, [fakeBlog({ _id: 'other', title: 'Another post' })]);
  await openInApp(page, blogPath('bare-post'));
  const article = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(article.getByRole('heading', { level: 1, name: bare.title })).toBeVisible();
  await expect(article.getByText(bare.motive)).toBeVisible();
  await expect(article.locator('img')).toHaveCount(0);
  await openInApp(page, '/blogs');
  const card = page.locator('.blog-grid > li').filter({ hasText: bare.title });
  await expect(card.getByRole('link', { name: bare.title })).toBeVisible();
  await expect(card.locator('img')).toHaveCount(0);
  expect((await card.boundingBox())?.height ?? 0).toBeGreaterThan(200);
});

test('the body is sanitized again in the browser: nothing in it runs', async ({ page, guard }) => {
  // While parsing the hostile markup Chromium reports its inline handlers and style attributes
  // to the page's CSP (which would block them too); the relative image answers 404 below.
  guard.allowConsoleError(/violates the following Content Security Policy directive/);
  guard.allowConsoleError(/Failed to load resource.*404/);
  const content = [
    '<h1>Heading one</h1><p>Good <strong>text</strong> stays.</p>',
    '<img src="x" onerror="window.__xss = 1">',
    '<script>window.__xss = 2</script>',
    '<a href="javascript:window.__xss = 3" id="bad">bad link</a>',
    '<svg><script>window.__xss = 4</script></svg>',
    '<iframe srcdoc="<script>parent.__xss = 5</script>"></iframe>',
    '<p style="color:red" onclick="window.__xss = 7">styled</p>',
    // Last: everything after this vector is swallowed by the math element.
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = 6">',
  ].join('');
  await serveBlog(page, fakeBlog({ content }));
  await page.route('**/x', (route) => route.fulfill({ status: 404, body: '' }));
  await openInApp(page, blogPath('fake-post'));
  const body = page.locator('.blog-detail__content');
  await expect(body.getByText('Good text stays.')).toBeVisible();
  await expect(body.getByRole('heading', { level: 2, name: 'Heading one' })).toBeVisible();
  await body.getByText('bad link').click();
  await body.getByText('styled').click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  const html = await body.innerHTML();
  expect(html).not.toMatch(/onerror|onclick|<script|<iframe|<svg|<style|javascript:|style=/i);
});

test.describe('subscribe', () => {
  const email = 'reader@example.com';

  async function openPost(page: Page) {
    await page.goto(blogPath(SEEDED_STORY_ID));
    await expect(page.getByPlaceholder('Enter your mail id')).toBeVisible();
  }

  test('an empty email shows nothing and sends nothing', async ({ page }) => {
    await openPost(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      // The page-view beacon is no form post.
      if (r.method() === 'POST' && !r.url().endsWith('/api/visits')) posts.push(r.url());
    });
    await page.getByRole('button', { name: 'submit', exact: true }).click();
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    await expect(page.locator('.toast')).toHaveCount(0);
    await expect(page.locator('.subscribe__error')).toHaveCount(0);
  });

  test('on 201: the exact payload, the toast and an empty box', async ({ page }) => {
    await openPost(page);
    const box = page.getByRole('textbox', { name: 'Your email address' });
    await box.fill(email);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/clients/create'));
    await page.getByRole('button', { name: 'submit', exact: true }).click();
    expect((await sent).postDataJSON()).toEqual({
      name: '',
      mobile: '',
      email,
      requirment: '',
      department_website: 'Corp Blogs',
      service: 'Blog Subscription',
      website: '',
      source: expect.objectContaining({ page: expect.stringMatching(/^\/blogs\/detail\//) }),
    });
    await expect(page.locator('.toast--success')).toHaveText(/Blog Subscribed Successfully/);
    await expect(box).toHaveValue('');
  });

  test('a failing server: the toast says the fault is ours, the email kept', async ({ page, guard }) => {
    guard.allowConsoleError(/Failed to load resource.*500/);
    await openPost(page);
    await page.route('**/api/clients/create', (route) =>
      route.fulfill({
        status: 500,
        json: { message: 'Something went wrong on our side. Please try again later.' },
      }),
    );
    const box = page.getByRole('textbox', { name: 'Your email address' });
    await box.fill(email);
    await page.getByRole('button', { name: 'submit', exact: true }).click();
    await expect(page.locator('.toast--error')).toHaveText(
      /^Something went wrong on our side\. Please try again in a few minutes; what you typed is still here\./,
    );
    await expect(box).toHaveValue(email);
  });

  test('a refused email: the toast names the box, the server message shows under it', async ({
    page,
    guard,
  }) => {
    guard.allowConsoleError(/Failed to load resource.*422/);
    await openPost(page);
    const box = page.getByRole('textbox', { name: 'Your email address' });
    await box.fill('reader@');
    await page.getByRole('button', { name: 'submit', exact: true }).click();
    await expect(page.locator('.toast--error')).toHaveText(/^Please check your email address\./);
    await expect(box).toHaveAccessibleDescription(/Enter an email address like/);
    await expect(box).toHaveValue('reader@');
  });

  test('a slow server gets one request; the button is disabled meanwhile', async ({ page }) => {
    await openPost(page);
    const answer = await holdRequests(page, '**/api/clients/create');
    await page.getByRole('textbox', { name: 'Your email address' }).fill(email);
    const button = page.getByRole('button', { name: 'submit', exact: true });
    await button.click();
    await expect(button).toBeDisabled();
    await page.getByRole('textbox', { name: 'Your email address' }).press('Enter');
    await page.locator('.subscribe__form').evaluate((form: HTMLFormElement) => form.requestSubmit());
    // The first reached the server; the others, given time, did not follow it.
    await expect.poll(answer.calls).toBe(1);
    await page.waitForTimeout(300);
    expect(answer.calls()).toBe(1);
    answer.release();
    await expect(page.locator('.toast--success')).toHaveText(/Blog Subscribed Successfully/);
    await expect(button).toBeEnabled();
    expect(answer.calls()).toBe(1);
  });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`no horizontal scroll at ${viewport.width}px`, async ({ page, request }) => {
    const blog = await firstListedBlog(request);
    await page.setViewportSize(viewport);
    await page.goto(blogPath(blog._id));
    await expect(page.locator('.similar-card')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  });
}

/**
 * Where the reading time sits in the kicker: on the tags' line or on a line of its own, how far
 * its text starts from the kicker's left edge, and whether anything of it (its separator) is
 * drawn just left of its text: the point there hits the reading time only if the bullet shows.
 */
function readingTimeLine(page: Page) {
  return page.locator('.blog-detail__kicker').evaluate((kicker) => {
    const read = kicker.querySelector('.blog-detail__read');
    const lastTag = Array.from(kicker.querySelectorAll('.blog-detail__tag')).pop();
    if (!read || !lastTag) throw new Error('no reading time or no tag');
    const range = document.createRange();
    range.selectNodeContents(read);
    const text = range.getBoundingClientRect();
    const tag = lastTag.getBoundingClientRect();
    const middle = text.top + text.height / 2;
    const hit = document.elementFromPoint(text.left - 10, middle);
    return {
      sharesLine: Math.abs(tag.top + tag.height / 2 - middle) < 4,
      indent: text.left - kicker.getBoundingClientRect().left,
      separatorShown: hit !== null && read.contains(hit),
      oneLine: range.getClientRects().length === 1,
    };
  });
}

test('the reading time wraps as a whole, and its separator never starts a line', async ({ page }) => {
  const tags = ['Real Estate', 'Facility Management', 'Bengaluru'].map((name) => ({ name }));
  await serveBlog(page, fakeBlog({ tags }));
  for (const [width, fits] of [
    [1440, true],
    [390, false],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    await openInApp(page, blogPath('fake-post'));
    await expect(page.getByText('3 min read')).toBeVisible();
    const line = await readingTimeLine(page);
    expect(line.sharesLine, `at ${width} px the reading time shares the tags' line`).toBe(fits);
    expect(line.separatorShown, `at ${width} px the separator shows`).toBe(fits);
    expect(line.oneLine).toBe(true);
    if (!fits) expect(line.indent, 'a wrapped reading time starts flush left').toBeLessThan(1);
  }
});

test('no horizontal scroll at 320px', async ({ page, request }) => {
  const blog = await firstListedBlog(request);
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(blogPath(blog._id));
  await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
