import { useMemo } from 'preact/hooks';
import type { ContentImage } from '@/lib/api-types';
import { fallbackType, srcsetOf } from '@/lib/image-set';
import { mediaUrl, runtimeConfig } from '@/lib/runtime-config';
import { sanitizeHtml } from './sanitize-html';

/** How wide the article's column shows an image (blog-detail.css: 800px, less 1rem each side on phones). */
export const COLUMN_SIZES = '(min-width: 832px) 800px, calc(100vw - 2rem)';

/** What a body image becomes when the server stored it for every screen. */
interface Responsive {
  webp: string;
  fallback: string;
  width: number;
  height: number;
}

/** The body's recorded images by the `src` the body shows them at. */
function responsiveBySrc(images: readonly ContentImage[]): Map<string, Responsive> {
  const bySrc = new Map<string, Responsive>();
  for (const { path, set } of images) {
    const type = fallbackType(set);
    const webp = srcsetOf(set, 'image/webp');
    if (!type || !webp) continue;
    const src = mediaUrl(path);
    if (src) bySrc.set(src, { webp, fallback: srcsetOf(set, type), width: set.width, height: set.height });
  }
  return bySrc;
}

/**
 * How a post's clean HTML is shown on its page: the post title is the page's h1, so headings
 * in the body start at h2; links to other sites open in a new tab without handing over this
 * page; images load lazily and always have an alt.
 */
export function presentPostHtml(clean: string, images: readonly ContentImage[] = []): string {
  const template = document.createElement('template');
  template.innerHTML = clean;
  const body = template.content;
  for (const h1 of Array.from(body.querySelectorAll('h1'))) {
    const h2 = document.createElement('h2');
    h2.append(...Array.from(h1.childNodes));
    h1.replaceWith(h2);
  }
  for (const link of Array.from(body.querySelectorAll('a[href]'))) {
    const url = new URL(link.getAttribute('href') ?? '', window.location.origin);
    if (url.origin !== window.location.origin && url.protocol.startsWith('http')) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
  const bySrc = responsiveBySrc(images);
  for (const image of Array.from(body.querySelectorAll('img'))) {
    if (!image.hasAttribute('alt')) image.setAttribute('alt', '');
    image.setAttribute('loading', 'lazy');
    image.setAttribute('decoding', 'async');
    const responsive = bySrc.get(image.getAttribute('src') ?? '');
    if (!responsive) continue;
    image.setAttribute('srcset', responsive.fallback);
    image.setAttribute('sizes', COLUMN_SIZES);
    image.setAttribute('width', String(responsive.width));
    image.setAttribute('height', String(responsive.height));
    const picture = document.createElement('picture');
    picture.className = 'media-picture';
    const source = document.createElement('source');
    source.setAttribute('type', 'image/webp');
    source.setAttribute('srcset', responsive.webp);
    source.setAttribute('sizes', COLUMN_SIZES);
    image.replaceWith(picture);
    picture.append(source, image);
  }
  return template.innerHTML;
}

const OUTSIDE_LINK = /<a (?=[^>]*\bhref="https?:\/\/([^"/?#]*))/gi;

/**
 * The same presentation for the server renderer, which has no DOM: a string pass over the
 * server's own serialization of sanitized HTML (ammonia's), in which a `<` in text is always
 * `&lt;`, so `<h1`, `<img ` and `<a ` can only start those elements. Attributes are added in
 * front, where the first of a repeated attribute wins.
 */
export function presentPostHtmlText(
  clean: string,
  siteHost: string,
  images: readonly ContentImage[] = [],
): string {
  const bySrc = responsiveBySrc(images);
  return clean
    .replace(/<(\/?)h1\b/gi, '<$1h2')
    .replace(/<img /gi, '<img loading="lazy" decoding="async" ')
    .replace(/<img (?![^>]*\balt=)/gi, '<img alt="" ')
    .replace(OUTSIDE_LINK, (tag, host: string) =>
      host.toLowerCase() === siteHost.toLowerCase()
        ? tag
        : '<a target="_blank" rel="noopener noreferrer nofollow" ',
    )
    .replace(/<img [^>]*>/gi, (tag) => {
      // A media path has no character ammonia would escape, so the src reads as it is.
      const responsive = bySrc.get(tag.match(/\ssrc="([^"]*)"/)?.[1] ?? '');
      if (!responsive) return tag;
      const { webp, fallback, width, height } = responsive;
      const img = tag
        .replace(/\s(?:width|height)="[^"]*"/g, '')
        .replace(
          /^<img /,
          `<img srcset="${fallback}" sizes="${COLUMN_SIZES}" width="${width}" height="${height}" `,
        );
      return `<picture class="media-picture"><source type="image/webp" srcset="${webp}" sizes="${COLUMN_SIZES}">${img}</picture>`;
    });
}

/**
 * A post's body: the server's HTML, cleaned again here, then presented. A server render has no
 * DOM: it presents the server's clean HTML as text (and the browser keeps that markup when it
 * hydrates).
 */
export function PostBody({ html, images = [] }: { html: string; images?: readonly ContentImage[] }) {
  const shown = useMemo(
    () =>
      typeof DOMParser === 'undefined'
        ? presentPostHtmlText(html, runtimeConfig.siteHost, images)
        : presentPostHtml(sanitizeHtml(html), images),
    [html, images],
  );
  return <div class="blog-detail__content" dangerouslySetInnerHTML={{ __html: shown }} />;
}
