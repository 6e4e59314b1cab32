import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Blog, BlogListBody as ListBody } from '@/lib/api-types';

/**
 * E2E_MOCK_API=1 answers the API inside the browser (page.route) from the seed posts in
 * db/seed/blogs, with the contract's exact shapes, for a binary that does not serve the
 * blogs and leads endpoints yet. Off by default: the suite then runs against the real API.
 */
export const MOCK_API = process.env.E2E_MOCK_API === '1';

export const PAGE_SIZE = 12;

const SEED_DIR = fileURLToPath(new URL('../../db/seed/blogs/', import.meta.url));

function frontMatter(text: string): { meta: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  const meta: Record<string, string> = {};
  for (const line of (match?.[1] ?? '').split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { meta, body: match?.[2] ?? '' };
}

const unquote = (value = '') => value.replace(/^"|"$/g, '');

function seedBlogs(): Blog[] {
  const files = readdirSync(SEED_DIR).filter((name) => /^\d+-.*\.md$/.test(name));
  const blogs = files.map((file): Blog => {
    const { meta, body } = frontMatter(readFileSync(join(SEED_DIR, file), 'utf8'));
    const paragraphs = body
      .split(/\n{2,}/)
      .filter((p) => p.trim() && !p.startsWith('#') && !/^[-\d|>]/.test(p.trim()))
      .slice(0, 3);
    const words = body.split(/\s+/).length;
    return {
      _id: file.replace(/^\d+-/, '').replace(/\.md$/, ''),
      title: unquote(meta.title),
      motive: unquote(meta.motive),
      content: `<h2>The story</h2>${paragraphs.map((p) => `<p>${p.replace(/\*\*/g, '')}</p>`).join('')}`,
      blog_image: `blogs/${unquote(meta.image)}`,
      date: `${meta.date}T00:00:00Z`,
      min_read: `${Math.max(1, Math.round(words / 200))} min read`,
      color: unquote(meta.color) || '#0f3b57',
      tags: (JSON.parse(meta.tags ?? '[]') as string[]).map((name) => ({ name })),
      written_by: meta.author
        ? {
            name: unquote(meta.author),
            profile_photo: meta.author_photo ? `blogs/${unquote(meta.author_photo)}` : null,
          }
        : null,
    };
  });
  return blogs.sort((a, b) => b.date.localeCompare(a.date));
}

let cache: Blog[] | undefined;
export function mockBlogs(): Blog[] {
  cache ??= seedBlogs();
  return cache;
}

export function mockList(page: number, text: string, blogs: Blog[] = mockBlogs()): ListBody {
  const needle = text.trim().toLowerCase();
  const found = needle
    ? blogs.filter((b) =>
        [b.title, b.motive, b.content, b.written_by?.name ?? '', ...b.tags.map((t) => t.name)]
          .join(' ')
          .toLowerCase()
          .includes(needle),
      )
    : blogs;
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return {
    data: {
      datas: found.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE),
      pagination: { total: found.length, limit: PAGE_SIZE, page: current, pages },
    },
  };
}

const TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.webp': 'image/webp' };

/** The blog list call. */
export const isBlogList = (url: URL) => url.pathname.endsWith('/api/corp_website/blogs/get');
/** The blog detail call. */
export const isBlogDetail = (url: URL) => /\/api\/corp_website\/blogs\/get\/[^/]+$/.test(url.pathname);
const isBlogApi = (url: URL) => isBlogList(url) || isBlogDetail(url);

/** Installs the mock API on the page when E2E_MOCK_API=1; does nothing otherwise. */
export async function useApi(page: Page): Promise<void> {
  if (!MOCK_API) return;
  await page.route(isBlogApi, async (route) => {
    const url = new URL(route.request().url());
    const detail = /\/blogs\/get\/([^/?]+)$/.exec(url.pathname);
    if (detail) {
      const id = decodeURIComponent(detail[1] ?? '');
      const blog = mockBlogs().find((b) => b._id === id);
      return blog
        ? route.fulfill({ json: { data: { datas: [blog] } } })
        : route.fulfill({ status: 404, json: { data: { datas: [] }, message: 'No blog with that id.' } });
    }
    const pageNo = Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1;
    return route.fulfill({ json: mockList(pageNo, url.searchParams.get('text') ?? '') });
  });
  await page.route('**/api/clients/create', (route) =>
    route.fulfill({
      status: 201,
      json: { message: 'Thank you, we got your details.', data: { _id: 'lead-1' } },
    }),
  );
  await page.route('**/api/applicant/create', (route) =>
    route.fulfill({ status: 201, json: { message: 'Application received.', data: { _id: 'applicant-1' } } }),
  );
  await page.route('**/media/blogs/**', (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/media\/blogs\//, '');
    try {
      const body = readFileSync(join(SEED_DIR, decodeURIComponent(path)));
      return route.fulfill({ body, contentType: TYPES[extname(path)] ?? 'application/octet-stream' });
    } catch {
      return route.fulfill({ status: 404, body: '' });
    }
  });
}

/** The list as the API answers it: from the mock, or from the real server. */
export async function fetchList(request: APIRequestContext, page: number, text = ''): Promise<ListBody> {
  if (MOCK_API) return mockList(page, text);
  const response = await request.get(
    `/api/corp_website/blogs/get?page=${page}&text=${encodeURIComponent(text)}`,
  );
  if (!response.ok()) throw new Error(`blog list answered ${response.status()}`);
  return (await response.json()) as ListBody;
}

/** A blog in the contract's shape, for tests that serve their own answers. */
export function fakeBlog(overrides: Partial<Blog> = {}): Blog {
  return {
    _id: 'fake-post',
    title: 'A fake post for a routed answer',
    motive: 'What this fake post is about, in one sentence.',
    content: '<p>Body text.</p>',
    blog_image: 'e2e/post.svg',
    date: '2025-01-21T00:00:00Z',
    min_read: '3 min read',
    color: '#1f6f8b',
    tags: [{ name: 'Real Estate' }],
    written_by: { name: 'Ananya Rao', profile_photo: null },
    ...overrides,
  };
}

/** Serves /media/e2e/* (the images of fakeBlog) from a seed picture, in either mode. */
export async function serveFakeMedia(page: Page): Promise<void> {
  await page.route('**/media/e2e/**', (route) =>
    route.fulfill({
      body: readFileSync(join(SEED_DIR, 'images/fintech-campus-whitefield.svg')),
      contentType: 'image/svg+xml',
    }),
  );
}
