import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Our own artwork, served as the fixture stories' images under the media base. */
const storyArt = readFileSync(
  fileURLToPath(new URL('../src/assets/art/service-projects.svg', import.meta.url)),
);

function fixtureBlog(n: number) {
  return {
    _id: `fixture-story-${n}`,
    title: `Fixture story ${n}: a warehouse turned into a bright office`,
    motive: `How client ${n} moved in eight weeks early and under budget.`,
    content: '<p>Body</p>',
    blog_image: `fixtures/story-${n}.svg`,
    date: `2025-03-0${n}T09:00:00Z`,
    min_read: '4 min read',
    color: '#0f3b57',
    tags: [{ name: `Fixture tag ${n}` }, { name: 'Second tag' }],
    written_by: { name: 'Fixture Author', profile_photo: null },
  };
}

/**
 * Serves the blog list and detail APIs (and the stories' images) from fixtures, so the home
 * page does not depend on the blog backend: `count` posts, or a 500 when `count` is 'fail'.
 */
export async function serveStories(page: Page, count: number | 'fail' = 4) {
  await page.route('**/api/corp_website/blogs/get*', (route) => {
    if (count === 'fail') {
      return route.fulfill({ status: 500, json: { message: 'The blog service is down' } });
    }
    const datas = Array.from({ length: count }, (_, index) => fixtureBlog(index + 1));
    return route.fulfill({
      json: { data: { datas, pagination: { total: count, limit: 8, page: 1, pages: 1 } } },
    });
  });
  await page.route('**/api/corp_website/blogs/get/fixture-story-*', (route) => {
    const n = Number(new URL(route.request().url()).pathname.split('-').pop());
    return route.fulfill({ json: { data: { datas: [fixtureBlog(n)] } } });
  });
  await page.route('**/media/fixtures/*.svg', (route) =>
    route.fulfill({ body: storyArt, contentType: 'image/svg+xml' }),
  );
}

/** True when the document is wider than the viewport (horizontal scrolling). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
