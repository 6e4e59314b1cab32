import { options } from 'preact';
import { describe, expect, it } from 'vitest';
import demoDetails from '@/content/company-details.json';
import type { Blog, CompanyDetailsForm } from '@/lib/api-types';
import type { PageData } from '@/lib/page-data';
import routeTable from './route-table.json';
import './server-entry';
import { compatElementHook } from './server-options';

interface Rendered {
  head: string;
  html: string;
  errors: string[];
}

const corpsiteRender = (globalThis as unknown as { corpsiteRender: (input: string) => string })
  .corpsiteRender;

/** A post as the blog API answers it (lists leave `content` empty). */
function post(n: number, title = `Post number ${n}`): Blog {
  return {
    _id: `post-${n}`,
    title,
    motive: `Why post ${n} matters`,
    content: '',
    blog_image: n % 2 ? `blogs/${n}.svg` : null,
    date: `2025-01-${String(10 + n).padStart(2, '0')}T00:00:00.000Z`,
    min_read: '3 min read',
    color: '#0369a1',
    tags: [{ name: n % 3 ? 'Real Estate' : 'Foundation' }],
    written_by: n % 2 ? { name: `Author ${n}`, profile_photo: null, profile_photo_set: null } : null,
    blog_image_set: null,
    content_images: [],
  };
}

function list(page: number, posts: Blog[]): PageData['lists'] {
  const pagination = { total: 30, limit: 12, page, pages: 3 };
  return [{ page, text: '', body: { data: { datas: posts, pagination } } }];
}

/** Pages 1 and 2 share posts 5 to 12 (as a list page and a search may). */
const firstPage = Array.from({ length: 12 }, (_, i) => post(i + 1));
const secondPage = Array.from({ length: 12 }, (_, i) => post(i + 5));

function dataFor(url: string): PageData {
  const page = url.includes('page=2') ? 2 : 1;
  const lists = list(page, page === 2 ? secondPage : firstPage);
  const id = url.match(/^\/blogs\/detail\/([^/?#]+)/)?.[1];
  if (!id) return { lists };
  // A post's page: the post, and page 1 of the list for its similar posts.
  const shown = { ...post(40, `The post ${id}`), _id: id, content: '<p>The body.</p>' };
  return { lists, blogs: [{ id, body: { data: { datas: [shown] } } }] };
}

/** The page at `url`; `generation` names the details' generation and the blogs' version
 * (null: nothing kept, a fresh render). */
function render(
  url: string,
  generation: number | null,
  details = demoDetails,
  data: PageData = dataFor(url),
): Rendered {
  const input = {
    url,
    origin: 'https://www.example.com',
    apiBase: '/api',
    mediaBase: '/media',
    siteGeneration: generation,
    contentVersion: generation,
    data: { ...data, site: { data: details as CompanyDetailsForm } },
  };
  const answer = corpsiteRender(JSON.stringify(input));
  const end = answer.indexOf('\n');
  const head = JSON.parse(answer.slice(0, end)) as Omit<Rendered, 'html'>;
  return { ...head, html: answer.slice(end + 1) };
}

/** Every public page of the table, two posts (one frame for all), and spellings of paths. */
const paths = [
  ...routeTable.routes.filter((route) => !route.private).map((route) => route.path.replace(':id', 'post-3')),
  '/blogs/detail/post-4',
  '/blogs?page=2',
  '/About/Our_Vision/',
  '/why-us/',
  '/BLOGS',
];

describe('the server render reuses the site frame and fixed sections', () => {
  // Every path against every other: about 3 s alone, several times that beside the other
  // test files on two cores, so it is given more than the default 5 s.
  it('gives every page the markup of a fresh render, with the frame reused or not', {
    timeout: 30_000,
  }, () => {
    let generation = 1;
    for (const path of paths) {
      const fresh = render(path, null);
      expect(fresh.errors).toEqual([]);
      expect(fresh.html).toContain('class="site-header"');
      // Twice: the first keeps the frame, the second takes it from there. The head too: a kept
      // piece must not have declared anything for it (a title, a breadcrumb).
      for (const again of [render(path, generation), render(path, generation)]) {
        expect(again.html).toBe(fresh.html);
        expect(again.head).toBe(fresh.head);
      }
      // A page that shares a frame with another (a post after a post) gets its own links right.
      for (const other of paths) {
        const fresh = render(other, null);
        const reused = render(other, generation);
        expect(reused.html).toBe(fresh.html);
        expect(reused.head).toBe(fresh.head);
      }
      generation += 1;
    }
  });

  it('marks the current page in the frame of each path', () => {
    /** The header's links to `href`, as written. */
    const navLinks = (html: string, href: string) =>
      html.match(
        new RegExp(
          `<a [^>]*href="${href}"[^>]*class="site-nav__link[^>]*>|<a [^>]*class="site-nav__link[^"]*"[^>]*href="${href}"[^>]*>`,
          'g',
        ),
      ) ?? [];
    const current = (tag: string) => tag.includes('aria-current="page"') && / active"/.test(tag);
    const about = render('/about/our_vision', 1).html;
    expect(navLinks(about, '/blogs').some(current)).toBe(false);
    const post = render('/blogs/detail/post-3', 1).html;
    expect(post).toContain('The post post-3');
    expect(post).toContain('class="blog-card similar-card"');
    expect(navLinks(post, '/blogs')).not.toHaveLength(0);
    expect(navLinks(post, '/blogs').every(current)).toBe(true);
    expect(navLinks(post, '/why-us').some(current)).toBe(false);
    const whyUs = render('/why-us', 1).html;
    expect(navLinks(whyUs, '/why-us').every(current)).toBe(true);
    expect(navLinks(whyUs, '/blogs').some(current)).toBe(false);
  });

  it('reuses a card wherever its post shows, until the blogs change', () => {
    const one = render('/blogs', 61);
    expect(one.html).toContain('Post number 12');
    // Page 2 shows posts 5 to 12 again, as they were; its own posts too.
    const two = render('/blogs?page=2', 61);
    expect(two.html).toBe(render('/blogs?page=2', null).html);
    expect(two.html).toContain('Post number 16');
    // Post 12 renamed: the same version keeps the kept card (the server moves the version with
    // every change), the next one shows the new title.
    const renamed = [...firstPage.slice(0, 11), post(12, 'A new title')];
    expect(render('/blogs', 61, demoDetails, { lists: list(1, renamed) }).html).toContain('Post number 12');
    const next = render('/blogs', 62, demoDetails, { lists: list(1, renamed) }).html;
    expect(next).toContain('A new title');
    expect(next).not.toContain('Post number 12');
  });

  it('renders the frame again when the details change', () => {
    const before = render('/contact', 41);
    expect(before.html).toContain(demoDetails.phone);
    const changed = { ...demoDetails, phone: '+91 80 1111 2222' };
    // Same generation: the kept frame (the server moves it with every save).
    expect(render('/contact', 41, changed).html).toContain(demoDetails.phone);
    const after = render('/contact', 42, changed);
    expect(after.html).toContain('+91 80 1111 2222');
    expect(after.html).not.toContain(demoDetails.phone);
  });

  it("introduces the about page's leaders by the number the details hold", () => {
    expect(render('/about/our_vision', null).html).toContain('Eight leaders, each responsible');
    const three = { ...demoDetails, leaders: demoDetails.leaders.slice(0, 3) };
    const html = render('/about/our_vision', null, three).html;
    expect(html).toContain('Three leaders, each responsible');
    expect(html).not.toContain('Eight leaders');
  });
});

/** `html` with every tag's attributes in one order. */
function sortAttributes(html: string): string {
  return html.replace(
    /<([a-z][\w-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*(\/?)>/gi,
    (_tag, name, attributes, slash) => {
      const sorted = (attributes.match(/[^\s=>]+(?:="[^"]*")?/g) ?? []).sort();
      return `<${name}${sorted.map((attribute: string) => ` ${attribute}`).join('')}${slash}>`;
    },
  );
}

describe("the server render without preact/compat's element hook", () => {
  it('writes what the hook would have made of every page, attribute order aside', () => {
    expect(compatElementHook).toBeTypeOf('function');
    for (const path of paths) {
      const lean = render(path, null);
      options.vnode = compatElementHook;
      let full: Rendered;
      try {
        full = render(path, null);
      } finally {
        options.vnode = undefined;
      }
      expect(sortAttributes(lean.html)).toBe(sortAttributes(full.html));
      expect(sortAttributes(lean.head)).toBe(sortAttributes(full.head));
    }
  });
});
