import { useMemo } from 'preact/hooks';
import { runtimeConfig } from '@/lib/runtime-config';
import { sanitizeHtml } from './sanitize-html';

/**
 * How a post's clean HTML is shown on its page: the post title is the page's h1, so headings
 * in the body start at h2; links to other sites open in a new tab without handing over this
 * page; images load lazily and always have an alt.
 */
export function presentPostHtml(clean: string): string {
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
  for (const image of Array.from(body.querySelectorAll('img'))) {
    if (!image.hasAttribute('alt')) image.setAttribute('alt', '');
    image.setAttribute('loading', 'lazy');
    image.setAttribute('decoding', 'async');
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
export function presentPostHtmlText(clean: string, siteHost: string): string {
  return clean
    .replace(/<(\/?)h1\b/gi, '<$1h2')
    .replace(/<img /gi, '<img loading="lazy" decoding="async" ')
    .replace(/<img (?![^>]*\balt=)/gi, '<img alt="" ')
    .replace(OUTSIDE_LINK, (tag, host: string) =>
      host.toLowerCase() === siteHost.toLowerCase()
        ? tag
        : '<a target="_blank" rel="noopener noreferrer nofollow" ',
    );
}

/**
 * A post's body: the server's HTML, cleaned again here, then presented. A server render has no
 * DOM: it presents the server's clean HTML as text (and the browser keeps that markup when it
 * hydrates).
 */
export function PostBody({ html }: { html: string }) {
  const shown = useMemo(
    () =>
      typeof DOMParser === 'undefined'
        ? presentPostHtmlText(html, runtimeConfig.siteHost)
        : presentPostHtml(sanitizeHtml(html)),
    [html],
  );
  return <div class="blog-detail__content" dangerouslySetInnerHTML={{ __html: shown }} />;
}
