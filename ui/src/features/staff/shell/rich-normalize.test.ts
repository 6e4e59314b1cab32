import { describe, expect, it } from 'vitest';
import { normalizeHtml, safeHref, safeImageSource } from './rich-normalize';

const clean = (html: string) => normalizeHtml(html, '/media/');

describe('normalizeHtml', () => {
  it('keeps the body elements and drops styles, spans, divs and classes', () => {
    expect(
      clean(
        '<div class="x" style="color:red"><h2 style="margin:0">The brief</h2><div>A campus for <span style="color:blue"><b>900</b></span> <i>people</i>.</div></div>',
      ),
    ).toBe('<h2>The brief</h2><p>A campus for <strong>900</strong> <em>people</em>.</p>');
  });

  it('drops scripts, styles and embeds with what is inside them, and unknown tags leave their words', () => {
    expect(
      clean(
        '<p>Safe<script>alert(1)</script><style>p{}</style> <blink>words</blink><iframe src="x">frame</iframe></p><svg><text>no</text></svg>',
      ),
    ).toBe('<p>Safe words</p>');
  });

  it('turns other headings into the two the body has', () => {
    expect(clean('<h1>One</h1><h4>Four</h4><h3>Three</h3>')).toBe('<h2>One</h2><h3>Four</h3><h3>Three</h3>');
  });

  it('keeps links only with safe addresses', () => {
    expect(
      clean(
        '<p><a href="https://example.com/a" target="_blank" onclick="x()">web</a> <a href="mailto:a@b.c">mail</a> <a href="/contact">here</a> <a href="javascript:alert(1)">bad</a> <a href="//evil.example">proto</a> <a>none</a></p>',
      ),
    ).toBe(
      '<p><a href="https://example.com/a">web</a> <a href="mailto:a@b.c">mail</a> <a href="/contact">here</a> bad proto none</p>',
    );
  });

  it('keeps figures with their alt text and caption, media paths relative again', () => {
    expect(
      clean(
        '<figure class="f"><img src="/media/blogs/0123456789abcdef.png" alt="A lobby" width="10" onerror="x()"><figcaption>The <b>new</b> lobby</figcaption></figure>',
      ),
    ).toBe(
      '<figure><img src="blogs/0123456789abcdef.png" alt="A lobby"><figcaption>The <strong>new</strong> lobby</figcaption></figure>',
    );
  });

  it('lifts an image out of a paragraph into a figure of its own, and drops unsafe sources', () => {
    expect(
      clean('<p>Before <img src="https://cdn.example/a.png" alt="A"> after</p><img src="data:x" alt="B">'),
    ).toBe('<p>Before</p><figure><img src="https://cdn.example/a.png" alt="A"></figure><p>after</p>');
  });

  it('keeps lists, nested lists and quotes, and puts loose text in paragraphs', () => {
    expect(
      clean(
        'Loose words<ul><li>One</li><li><p>Two</p><ol><li>Two.1</li></ol></li><li></li></ul><blockquote>Said <em>so</em><p>Again</p></blockquote>',
      ),
    ).toBe(
      '<p>Loose words</p><ul><li>One</li><li>Two<ol><li>Two.1</li></ol></li></ul><blockquote><p>Said <em>so</em></p><p>Again</p></blockquote>',
    );
  });

  it('drops empty paragraphs, splits at line breaks and escapes text', () => {
    expect(clean('<p><br></p><p>a &lt;b&gt; &amp; c<br>next&nbsp;line</p><div><br></div>')).toBe(
      '<p>a &lt;b&gt; &amp; c</p><p>next line</p>',
    );
  });

  it('keeps a table’s rows and cells', () => {
    expect(
      clean(
        '<table style="x"><thead><tr><th>Measure</th><th>After</th></tr></thead><tbody><tr><td><b>Labs</b></td><td>3</td><p>x</p></tr></tbody></table>',
      ),
    ).toBe(
      '<table><thead><tr><th>Measure</th><th>After</th></tr></thead><tbody><tr><td><strong>Labs</strong></td><td>3</td></tr></tbody></table>',
    );
  });

  it('reads bold and italic from a pasted span’s style', () => {
    expect(
      clean('<p><span style="font-weight:700">bold</span> <span style="font-style:italic">it</span></p>'),
    ).toBe('<p><strong>bold</strong> <em>it</em></p>');
  });

  it('leaves words that look like a style attribute alone', () => {
    expect(clean('<p title="a style=b">the style="x" stays</p>')).toBe('<p>the style="x" stays</p>');
  });

  it('gives the same HTML again when run on its own output', () => {
    const once = clean(
      '<div>x <b> y </b></div><ul><li>a<br>b</li></ul><figure><img src="blogs/a.png" alt="q"></figure>',
    );
    expect(clean(once)).toBe(once);
  });
});

describe('safe addresses', () => {
  it('allows http(s), mailto and site paths for links', () => {
    expect(safeHref(' https://example.com ')).toBe('https://example.com');
    expect(safeHref('/blogs')).toBe('/blogs');
    expect(safeHref('ftp://x')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('/\\evil')).toBeNull();
    for (const away of ['/%5Cevil', '/%5cevil', '/\t/evil', '/\n\\evil', '/%2Fevil'])
      expect(safeHref(away)).toBeNull();
  });

  it('allows http(s) and media paths for images', () => {
    expect(safeImageSource('/media/blogs/a.png', '/media/')).toBe('blogs/a.png');
    expect(safeImageSource('https://cdn.example/media/blogs/a.png', 'https://cdn.example/media/')).toBe(
      'blogs/a.png',
    );
    expect(safeImageSource('../etc/passwd', '/media/')).toBeNull();
    expect(safeImageSource('/other/a.png', '/media/')).toBeNull();
  });
});
