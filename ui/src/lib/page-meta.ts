import { useEffect } from 'preact/hooks';
import type { Banner, BreadcrumbItem } from '@/content/types';
import { brandName } from './company-details';
import type { PreloadImage } from './image-set';
import { edited } from './page-fields';
import type { StructuredData } from './structured-data';

/** What a page says about itself in the document's head. */
export interface PageMeta {
  /** The page's name; the tab shows "name | Fidelitus Corp" (the brand alone on the home page). */
  title: string;
  /** The meta description and link previews' text; the site's own when absent. */
  description?: string;
  /** The link preview image (an absolute URL or a path on this site). */
  image?: string;
  /** What that image shows, for the previews that read it aloud (`og:image:alt`). */
  imageAlt?: string;
  /** The largest image above the fold, which the server's head preloads. */
  preloadImage?: PreloadImage;
  /** Open Graph type: a post is an article. */
  type?: 'website' | 'article';
  /** schema.org objects for the page's JSON-LD (BreadcrumbList is added from the breadcrumb). */
  structuredData?: StructuredData;
  /** Ask search engines not to index the page. */
  noindex?: boolean;
}

/** Collects, during a server render, what the page and its breadcrumb declare. */
export interface HeadCollector {
  meta?: PageMeta;
  breadcrumb?: readonly BreadcrumbItem[];
}

let collector: HeadCollector | null = null;

/** The server renderer collects each render's head here; the browser never sets one. */
export function collectHead(into: HeadCollector | null): void {
  collector = into;
}

export function documentTitle(title: string): string {
  const brand = brandName();
  return title === brand ? title : `${title} | ${brand}`;
}

/** Names the page: the server puts it in the head; in the browser the tab follows navigation. */
export function usePageMeta(meta: PageMeta): void {
  if (collector) collector.meta = meta;
  const { title, description } = meta;
  useEffect(() => {
    document.title = documentTitle(title);
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);
}

/** The breadcrumb a page shows, for its BreadcrumbList in the server's JSON-LD. */
export function declareBreadcrumb(items: readonly BreadcrumbItem[]): void {
  if (collector) collector.breadcrumb = items;
}

/**
 * The head of an inner page made of its banner: `title`, the banner's text (or
 * `description`) and its artwork, unless the office worded the page's head (`page`'s
 * `pageMeta` fields).
 */
export function useBannerMeta(page: string, title: string, banner: Banner, description = banner.text): void {
  usePageMeta(
    edited(page, 'pageMeta', { title, description, image: banner.image, imageAlt: banner.imageAlt }),
  );
}
