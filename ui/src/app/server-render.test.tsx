import { options } from 'preact';
import { describe, expect, it } from 'vitest';
import demoDetails from '@/content/site-details.json';
import type { SiteDetailsForm } from '@/lib/api-types';
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

function render(url: string, siteGeneration: number | null, details = demoDetails): Rendered {
  const input = {
    url,
    origin: 'https://www.example.com',
    apiBase: '/api',
    mediaBase: '/media',
    siteGeneration,
    data: { site: { data: details as SiteDetailsForm } },
  };
  return JSON.parse(corpsiteRender(JSON.stringify(input))) as Rendered;
}

/** Every public page of the table, two posts (one frame for all), and spellings of paths. */
const paths = [
  ...routeTable.routes
    .filter((route) => !route.private)
    .map((route) => route.path.replace(':id', 'first-post')),
  '/blogs/detail/second-post',
  '/blogs?page=2',
  '/About/Our_Vision/',
  '/why-us/',
  '/BLOGS',
];

describe('the server render reuses the site frame and fixed sections', () => {
  it('gives every page the markup of a fresh render, with the frame reused or not', () => {
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
    const post = render('/blogs/detail/first-post', 1).html;
    expect(navLinks(post, '/blogs')).not.toHaveLength(0);
    expect(navLinks(post, '/blogs').every(current)).toBe(true);
    expect(navLinks(post, '/why-us').some(current)).toBe(false);
    const whyUs = render('/why-us', 1).html;
    expect(navLinks(whyUs, '/why-us').every(current)).toBe(true);
    expect(navLinks(whyUs, '/blogs').some(current)).toBe(false);
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
