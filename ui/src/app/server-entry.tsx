/**
 * The server's render of the site: the same App the browser runs, rendered to HTML by the
 * binary's embedded JavaScript engine (src/render/). Vite builds this file on its own
 * (`vite build --ssr`) into one self-contained script that sets `globalThis.corpsiteRender`.
 */
import './server-polyfills';
import './server-options';
import { renderToString } from 'preact-render-to-string';
import { StaticRouter } from 'react-router-dom/server';
import { blogContent } from '@/content/blog';
import { siteInfo } from '@/content/site';
import type { CompanyDetailsBody } from '@/lib/api-types';
import { brandName } from '@/lib/company-details';
import { type PageData, setPageData } from '@/lib/page-data';
import { pageDefaultsJson } from '@/lib/page-defaults';
import { collectHead, type HeadCollector } from '@/lib/page-meta';
import { setServerConfig } from '@/lib/runtime-config';
import {
  localMarkupStore,
  type MarkupStore,
  provideMarkupRenderer,
  setMarkupScope,
} from '@/lib/shared-markup';
import { Site } from './app';
import { HeadTags } from './head-tags';
import { frameKeyFor, pageFor, providePages } from './routes';

providePages(import.meta.glob('../pages/*-page.tsx', { eager: true }));

// The binary shares one store among its engines (src/render/shared_markup.rs).
const hostStore = (globalThis as { corpsiteMarkup?: MarkupStore }).corpsiteMarkup;
provideMarkupRenderer(
  (children, context) => renderToString(<>{children}</>, context),
  hostStore ?? localMarkupStore(),
);

/** What the binary asks for (JSON). */
interface RenderRequest {
  /** Path and query, e.g. `/blogs?page=2`. */
  url: string;
  /** The site's address, e.g. `https://www.example.com`. */
  origin: string;
  apiBase: string;
  mediaBase: string;
  /** The generation of the company's details in `data.site`; null when they are the demo
   * ones because the saved ones could not be read. */
  siteGeneration: number | null;
  /** The blogs' version counter when the data was read (null: not known). */
  contentVersion: number | null;
  data: PageData;
}

/** What it gets back, as a line of JSON, then the markup inside #root as it is (most of the
 * answer: neither escaped into JSON here nor unescaped by the binary). */
interface RenderHead {
  head: string;
  errors: string[];
}

/** The page's one address: `/home` is `/`, and of the query only the blog list's page counts. */
function canonicalPath(url: string): string {
  const [pathname = '/', search = ''] = url.split(/[?#]/, 2);
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/home') return '/';
  const page = Number.parseInt(new URLSearchParams(search).get('page') ?? '', 10);
  return pageFor(path) === 'blog-list-page' && page > 1 ? `${path}?page=${page}` : path;
}

function render(input: string): string {
  const request = JSON.parse(input) as RenderRequest;
  const errors: string[] = [];
  const logged = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args.map((arg) => (arg instanceof Error ? `${arg.message}` : String(arg))).join(' '));
  };
  const head: HeadCollector = {};
  const origin = request.origin.replace(/\/+$/, '');
  setServerConfig({
    apiBase: request.apiBase,
    mediaBase: request.mediaBase,
    siteHost: origin.replace(/^[a-z]+:\/\//i, ''),
  });
  setPageData(request.data);
  collectHead(head);
  const pathname = request.url.split(/[?#]/, 1)[0] ?? '/';
  const frameKey = frameKeyFor(pathname);
  const { siteGeneration, contentVersion } = request;
  setMarkupScope(
    siteGeneration != null && contentVersion != null && frameKey
      ? `${siteGeneration} ${contentVersion} ${frameKey}`
      : null,
  );
  try {
    const html = renderToString(
      <StaticRouter location={request.url}>
        <Site />
      </StaticRouter>,
    );
    const absolute = (path: string) => origin + path;
    const headHtml = renderToString(
      <HeadTags head={head} canonicalPath={canonicalPath(request.url)} absolute={absolute} />,
    );
    const result: RenderHead = { head: headHtml, errors };
    // JSON.stringify writes no raw line break: the first one ends the head.
    return `${JSON.stringify(result)}\n${html}`;
  } finally {
    collectHead(null);
    setPageData(null);
    setMarkupScope(null);
    console.error = logged;
  }
}

(globalThis as Record<string, unknown>).corpsiteRender = render;

/**
 * The site's name and blurbs for the feed the binary writes (JSON), from the company's details
 * it hands in (`GET /api/corp_website/site`'s answer): the name the pages show.
 */
function siteInfoJson(input: string): string {
  setPageData({ site: JSON.parse(input) as CompanyDetailsBody });
  try {
    const name = brandName();
    return JSON.stringify({
      name,
      description: siteInfo.tagline,
      blogTitle: `${blogContent.banner.headline} | ${name}`,
      blogDescription: blogContent.banner.text,
    });
  } finally {
    setPageData(null);
  }
}

(globalThis as Record<string, unknown>).corpsiteSiteInfo = siteInfoJson;

/**
 * The office's page editor's defaults: the content exports of the page `key` of the server's
 * catalog, as JSON (`lib/page-defaults.ts`); read once by the binary (src/render/page_defaults.rs).
 */
(globalThis as Record<string, unknown>).corpsitePageDefaults = pageDefaultsJson;
