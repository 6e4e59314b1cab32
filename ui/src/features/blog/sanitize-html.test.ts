import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

/** Every element and attribute left after cleaning, to look for anything active. */
function activeBits(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of Array.from(template.content.querySelectorAll('*'))) {
    const tag = element.localName;
    if (
      [
        'script',
        'style',
        'iframe',
        'object',
        'embed',
        'svg',
        'math',
        'form',
        'base',
        'meta',
        'link',
      ].includes(tag)
    ) {
      found.push(`<${tag}>`);
    }
    for (const { name, value } of Array.from(element.attributes)) {
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc' || name === 'formaction') {
        found.push(`${tag}@${name}`);
      }
      // Browsers skip whitespace and control characters inside a scheme.
      const squeezed = [...value].filter((c) => c.charCodeAt(0) > 32).join('');
      if (/^(javascript|data|vbscript):/i.test(squeezed)) {
        found.push(`${tag}@${name}=${value}`);
      }
    }
  }
  return found;
}

describe('sanitizeHtml: attacks', () => {
  const vectors: [string, string][] = [
    ['script element', '<p>hi</p><script>alert(1)</script>'],
    ['img onerror', '<img src="x" onerror="alert(1)">'],
    ['svg onload', '<svg onload="alert(1)"><circle r="1"/></svg>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['mixed-case scheme with spaces', '<a href="  JaVaScRiPt:alert(1)">x</a>'],
    ['scheme split by a tab entity', '<a href="java&#x09;script:alert(1)">x</a>'],
    ['scheme split by a newline', '<a href="java\nscript:alert(1)">x</a>'],
    ['vbscript link', '<a href="vbscript:msgbox(1)">x</a>'],
    ['data: html link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['data: image', '<img src="data:image/svg+xml,<svg onload=alert(1)>">'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['object data', '<object data="javascript:alert(1)"></object>'],
    ['embed', '<embed src="https://evil.example/x.swf">'],
    ['style element', '<style>body{background:url(javascript:alert(1))}</style><p>x</p>'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
    ['event handler on a kept element', '<p onclick="alert(1)" onmouseover="alert(2)">x</p>'],
    ['form with formaction', '<form><button formaction="javascript:alert(1)">go</button></form>'],
    ['input autofocus onfocus', '<input autofocus onfocus="alert(1)">'],
    ['base href', '<base href="https://evil.example/"><a href="/x">x</a>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['math mXSS', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['noscript mXSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    ['template content', '<template><img src=x onerror=alert(1)></template>'],
    ['comment trick', '<!--<img src="--><img src=x onerror=alert(1)//">'],
    ['unknown element with handler', '<details open ontoggle="alert(1)"><summary>x</summary></details>'],
    ['video poster', '<video poster="javascript:alert(1)"><source src="x"></video>'],
    ['link stylesheet', '<link rel="stylesheet" href="https://evil.example/x.css">'],
    ['nested script in allowed', '<blockquote><div><script>alert(1)</script></div></blockquote>'],
  ];

  it.each(vectors)('%s: nothing active is left', (_name, html) => {
    const clean = sanitizeHtml(html);
    expect(activeBits(clean)).toEqual([]);
    expect(clean).not.toMatch(/<script|onerror=|onload=|javascript:/i);
  });

  it('drops dangerous elements with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe>b')).toBe('b');
  });

  it('keeps the text of unknown elements, without the element', () => {
    expect(sanitizeHtml('<details><summary>More</summary>text</details>')).toBe('Moretext');
    expect(sanitizeHtml('<font color="red">red</font>')).toBe('red');
  });

  it('removes links with unsafe schemes but keeps their text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>');
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example',
    '/%5Cevil.example',
    '/\t/evil.example',
  ])('removes the address of %j, which a browser takes to another host', (href) => {
    expect(sanitizeHtml(`<a href="${href}">away</a>`)).toBe('<a>away</a>');
    expect(sanitizeHtml(`<img src="${href}" alt="x">`)).toBe('');
  });

  it('drops an image whose source is unsafe', () => {
    expect(sanitizeHtml('<p><img src="javascript:alert(1)" alt="x"></p>')).toBe('<p></p>');
  });
});

describe('sanitizeHtml: good markup', () => {
  it.each([
    ['paragraphs and emphasis', '<p>Hello <strong>bold</strong> and <em>em</em>.</p>'],
    ['headings, h1 included', '<h1>Title</h1><h2>Section</h2><h3>Sub</h3>'],
    ['lists', '<ul><li>one</li><li>two</li></ul><ol><li>three</li></ol>'],
    ['block quote', '<blockquote><p>Quoted</p></blockquote>'],
    ['table', '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>'],
    ['code', '<pre><code>let a = 1 &lt; 2;</code></pre>'],
    ['relative link', '<a href="/blogs">Blogs</a>'],
    ['outside link', '<a href="https://example.org/x">x</a>'],
    ['mail and phone links', '<a href="mailto:a@b.c">mail</a> <a href="tel:+911234">call</a>'],
    ['image with alt', '<figure><img src="/media/a.svg" alt="A"><figcaption>A</figcaption></figure>'],
  ])('%s stays as it is', (_name, html) => {
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps only the attributes the server keeps', () => {
    expect(sanitizeHtml('<a href="https://example.org/" title="Ex" target="_self">x</a>')).toBe(
      '<a href="https://example.org/">x</a>',
    );
    expect(sanitizeHtml('<img src="/media/a.svg" width="600" onload="x()">')).toBe(
      '<img src="/media/a.svg">',
    );
  });

  it('unwraps elements the server never sends, keeping their text', () => {
    expect(sanitizeHtml('<p>a<span>b</span><br>c</p>')).toBe('<p>abc</p>');
  });

  it('drops class, id and data attributes that could hook into the page', () => {
    expect(sanitizeHtml('<p class="x" id="y" data-z="1">t</p>')).toBe('<p>t</p>');
  });

  it('keeps text that looks like markup as text', () => {
    expect(sanitizeHtml('<p>1 &lt;script&gt; 2</p>')).toBe('<p>1 &lt;script&gt; 2</p>');
  });
});
