import type { Blog, BlogListBody } from '@/lib/api-types';
import { blogPath } from '@/lib/blog-path';
import { expect, test } from './fixtures';

/** The first seeded post whose cover is a photo (stored for every screen). */
async function photoPost(request: import('@playwright/test').APIRequestContext): Promise<Blog> {
  const response = await request.get('/api/corp_website/blogs/get?page=1');
  const body = (await response.json()) as BlogListBody;
  const post = body.data.datas.find((blog) => blog.blog_image_set !== null);
  if (!post) throw new Error('the demo content has no photo');
  return post;
}

test('the blog cards offer their photos as WebP and JPEG srcsets with sizes, width and height', async ({
  page,
}) => {
  await page.goto('/blogs');
  const pictures = page.locator('.blog-grid .blog-card picture');
  expect(await pictures.count()).toBeGreaterThan(3);
  for (const picture of await pictures.all()) {
    const source = picture.locator('source');
    await expect(source).toHaveAttribute('type', 'image/webp');
    await expect(source).toHaveAttribute('srcset', /\.webp 480w, .*\.webp 960w, .*\.webp 1600w$/);
    await expect(source).toHaveAttribute('sizes', /100vw$/);
    const img = picture.locator('img');
    await expect(img).toHaveAttribute('srcset', /\.jpg 480w, .*\.jpg 960w, .*\.jpg 1600w$/);
    await expect(img).toHaveAttribute('sizes', /100vw$/);
    await expect(img).toHaveAttribute('width', '1600');
    await expect(img).toHaveAttribute('height', '900');
  }
  // Cards below the first rows wait until scrolled near.
  expect(await page.locator('.blog-grid img[loading="lazy"]').count()).toBeGreaterThan(0);
  // A wide screen's small card takes a small WebP, not the 1600 px original.
  const first = page.locator('.blog-grid .blog-card--standard img').first();
  await first.scrollIntoViewIfNeeded();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);
  const chosen = await first.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
  const widths = await page.locator('.blog-grid .blog-card--standard source').first().getAttribute('srcset');
  expect(widths?.split(', ').find((candidate) => candidate.startsWith(chosen))).toMatch(/ 480w$/);
});

test('the post hero is a high-priority srcset the first HTML already preloads', async ({ page, request }) => {
  const post = await photoPost(request);
  const path = blogPath(post._id);

  // The server's HTML, before any script runs.
  const html = await (await request.get(path)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const preload = head.match(/<link rel="preload" as="image"[^>]*>/)?.[0] ?? '';
  expect(preload, head).not.toBe('');
  expect(preload).toMatch(/imagesrcset="[^"]*\.webp 480w, [^"]*\.webp 960w, [^"]*\.webp 1600w"/);
  expect(preload).toContain('imagesizes="(min-width: 832px) 800px, calc(100vw - 2rem)"');
  expect(preload).toContain('type="image/webp"');
  expect(preload).toContain('fetchpriority="high"');
  const body = html.slice(html.indexOf('</head>'));
  expect(body).toMatch(/<source type="image\/webp" srcset="[^"]*\.webp 480w/);

  await page.goto(path);
  const hero = page.locator('.blog-detail__image');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).not.toHaveAttribute('loading', 'lazy');
  await expect(hero).toHaveAttribute('srcset', /\.jpg 1600w$/);
  await expect(hero).toHaveAttribute('width', String(post.blog_image_set?.width));
  await expect(hero).toHaveAttribute('height', String(post.blog_image_set?.height));
  await expect(page.locator('.blog-detail__article picture source')).toHaveAttribute(
    'sizes',
    '(min-width: 832px) 800px, calc(100vw - 2rem)',
  );
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);
  expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

for (const width of [390, 1440]) {
  test(`screenshots of the list and a post with photos at ${width} px`, async ({ page, request }, info) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const post = await photoPost(request);
    for (const [name, path] of [
      ['blogs', '/blogs'],
      ['post', blogPath(post._id)],
    ] as const) {
      await page.goto(path);
      const images = page.locator('main img:not([loading="lazy"])');
      for (const img of await images.all()) {
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
          .toBe(true);
      }
      await page.screenshot({ path: info.outputPath(`images-${name}-${width}.png`), fullPage: false });
    }
  });
}
