import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { ContentImage } from '@/lib/api-types';
import { imageSet } from '@/lib/test-images';
import { COLUMN_SIZES, PostBody, presentPostHtml, presentPostHtmlText } from './post-body';

describe('presentPostHtml', () => {
  it('demotes h1 to h2: the post title is the page h1', () => {
    expect(presentPostHtml('<h1>Title <em>here</em></h1><p>x</p>')).toBe(
      '<h2>Title <em>here</em></h2><p>x</p>',
    );
  });

  it('opens outside links in a new tab without handing over the page', () => {
    expect(presentPostHtml('<a href="https://example.org/x">x</a>')).toBe(
      '<a href="https://example.org/x" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('leaves links within the site and mail links as they are', () => {
    const html = '<a href="/blogs">Blogs</a><a href="mailto:a@b.c">mail</a>';
    expect(presentPostHtml(html)).toBe(html);
  });

  it('loads images lazily, always with an alt', () => {
    expect(presentPostHtml('<img src="/media/a.svg">')).toBe(
      '<img src="/media/a.svg" alt="" loading="lazy" decoding="async">',
    );
    expect(presentPostHtml('<img src="/media/a.svg" alt="Plan">')).toContain('alt="Plan"');
  });
});

describe('PostBody', () => {
  it('shows the cleaned, presented body', () => {
    const { container } = render(
      <PostBody html={'<h1>Heading</h1><p onclick="x()">Text</p><script>alert(1)</script>'} />,
    );
    const body = container.querySelector('.blog-detail__content');
    expect(body?.innerHTML).toBe('<h2>Heading</h2><p>Text</p>');
  });
});

describe('presentPostHtmlText (the server render)', () => {
  it('presents ammonia output as the browser does', () => {
    const clean =
      '<h1>Plan</h1><p>a &lt;h1&gt; b</p><img src="/media/a.svg"><img src="/b.png" alt="B">' +
      '<a href="https://example.org/x" rel="noopener noreferrer">out</a>' +
      '<a href="https://www.site.test/blogs" rel="noopener noreferrer">in</a><a href="/blogs">rel</a>';
    expect(presentPostHtmlText(clean, 'www.site.test')).toBe(
      '<h2>Plan</h2><p>a &lt;h1&gt; b</p>' +
        '<img alt="" loading="lazy" decoding="async" src="/media/a.svg">' +
        '<img loading="lazy" decoding="async" src="/b.png" alt="B">' +
        '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/x" rel="noopener noreferrer">out</a>' +
        '<a href="https://www.site.test/blogs" rel="noopener noreferrer">in</a><a href="/blogs">rel</a>',
    );
  });
});

describe('body images stored for every screen', () => {
  const images: ContentImage[] = [
    {
      path: 'blogs/site.jpg',
      set: imageSet(1000, 500, { 480: 'blogs/site-480', 1000: 'blogs/site' }),
    },
  ];
  const clean =
    '<p><img src="/media/blogs/site.jpg" alt="The site"></p><p><img src="/media/blogs/plan.svg" alt="A plan"></p>';

  function check(container: HTMLElement) {
    const pictures = container.querySelectorAll('picture.media-picture');
    expect(pictures).toHaveLength(1);
    const source = pictures[0]?.querySelector('source');
    expect(source?.getAttribute('type')).toBe('image/webp');
    expect(source?.getAttribute('srcset')).toBe(
      '/media/blogs/site-480.webp 480w, /media/blogs/site.webp 1000w',
    );
    expect(source?.getAttribute('sizes')).toBe(COLUMN_SIZES);
    const photo = pictures[0]?.querySelector('img');
    expect(photo?.getAttribute('srcset')).toBe('/media/blogs/site-480.jpg 480w, /media/blogs/site.jpg 1000w');
    expect(photo?.getAttribute('sizes')).toBe(COLUMN_SIZES);
    expect([photo?.getAttribute('width'), photo?.getAttribute('height')]).toEqual(['1000', '500']);
    expect(photo?.getAttribute('alt')).toBe('The site');
    expect(photo?.getAttribute('loading')).toBe('lazy');
    // An image without renditions (a drawing) stays as it was.
    const plan = container.querySelector('img[src="/media/blogs/plan.svg"]');
    expect(plan?.parentElement?.tagName).toBe('P');
    expect(plan?.hasAttribute('srcset')).toBe(false);
  }

  it('the browser wraps a recorded image in a picture of its renditions', () => {
    const container = document.createElement('div');
    container.innerHTML = presentPostHtml(clean, images);
    check(container);
  });

  it('the server writes the same', () => {
    const container = document.createElement('div');
    container.innerHTML = presentPostHtmlText(clean, 'www.example.com', images);
    check(container);
  });
});
