import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Blog, BlogListBody } from '@/lib/api-types';

/**
 * The browser tests run against the real binary and its seeded posts. These helpers read
 * that data, and serve a controlled answer only where a test needs one (a post with no author,
 * a hostile body, a failing call).
 */

/** How many posts a page of the list holds: the server's page size. */
export const PAGE_SIZE = 12;

/** The blog list call. */
export const isBlogList = (url: URL) => url.pathname.endsWith('/api/corp_website/blogs/get');
/** The blog detail call. */
export const isBlogDetail = (url: URL) => /\/api\/corp_website\/blogs\/get\/[^/]+$/.test(url.pathname);

/** The list as the server answers it. */
export async function fetchList(request: APIRequestContext, page: number, text = ''): Promise<BlogListBody> {
  const response = await request.get(
    `/api/corp_website/blogs/get?page=${page}&text=${encodeURIComponent(text)}`,
  );
  if (!response.ok()) throw new Error(`blog list answered ${response.status()}`);
  return (await response.json()) as BlogListBody;
}

/** A blog in the contract's shape, for tests that serve their own answers. */
export function fakeBlog(overrides: Partial<Blog> = {}): Blog {
  return {
    _id: 'fake-post',
    title: 'A fake post for a routed answer',
    motive: 'What this fake post is about, in one sentence.',
    content: '<p>Body text.</p>',
    content_images: [],
    blog_image: 'e2e/post.svg',
    date: '2025-01-21T00:00:00Z',
    min_read: '3 min read',
    color: '#1f6f8b',
    tags: [{ name: 'Real Estate' }],
    written_by: { name: 'Ananya Rao', profile_photo: null, profile_photo_set: null },
    blog_image_set: null,
    ...overrides,
  };
}

/** Our own artwork, served as the fake posts' images. */
const fakeArt = readFileSync(
  fileURLToPath(new URL('../src/assets/art/service-projects.svg', import.meta.url)),
);

/** Serves /media/e2e/* (the images of fakeBlog). */
export async function serveFakeMedia(page: Page): Promise<void> {
  await page.route('**/media/e2e/**', (route) =>
    route.fulfill({ body: fakeArt, contentType: 'image/svg+xml' }),
  );
}
