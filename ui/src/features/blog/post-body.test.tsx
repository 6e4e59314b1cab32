import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { PostBody, presentPostHtml, presentPostHtmlText } from './post-body';

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
