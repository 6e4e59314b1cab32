import { useMemo } from 'preact/hooks';
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

/** A post's body: the server's HTML, cleaned again here, then presented. */
export function PostBody({ html }: { html: string }) {
  const shown = useMemo(() => presentPostHtml(sanitizeHtml(html)), [html]);
  return <div class="blog-detail__content" dangerouslySetInnerHTML={{ __html: shown }} />;
}
