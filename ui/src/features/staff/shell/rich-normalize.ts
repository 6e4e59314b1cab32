/**
 * The rich editor's model is HTML, and this is its one door: any DOM (the editing area, pasted
 * HTML, a stored body) in, only the story body's clean HTML out: p, h2, h3, strong, em,
 * a[href], ul/ol/li, blockquote, figure > img[src][alt] + figcaption, and tables (a story first
 * written in Markdown may have one). Styles, spans, divs
 * and unknown elements go (their text stays); what runs or embeds goes with its content. The
 * server sanitizes again when the story is saved.
 */

import { leavesTheSite } from '@/lib/site-path';

/** Dropped with everything inside them. */
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'MATH',
  'FORM',
  'INPUT',
  'BUTTON',
  'TEXTAREA',
  'SELECT',
  'LINK',
  'META',
  'TITLE',
  'HEAD',
  'AUDIO',
  'VIDEO',
  'CANVAS',
]);
/** Elements that start a block of their own. */
const BLOCKS = new Set([
  'P',
  'DIV',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'LI',
  'BLOCKQUOTE',
  'FIGURE',
  'IMG',
  'PRE',
  'TABLE',
  'SECTION',
  'ARTICLE',
  'HEADER',
  'FOOTER',
  'HR',
]);

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/**
 * A link the body may keep: http(s), mailto, or a path on this site; not a "path" that a browser
 * takes to another host (`/\host`, `/%5Chost`, `/<tab>/host`).
 */
export function safeHref(href: string): string | null {
  const url = href.trim();
  if (/^(https?:\/\/[^\s/]|mailto:[^\s])/i.test(url)) return url;
  if (url.startsWith('/') && !leavesTheSite(url)) return url;
  return null;
}

/**
 * An image source the body may keep: http(s), or a path in the media folder (the editor shows
 * media paths under `mediaBase`, and they are stored relative again).
 */
export function safeImageSource(src: string, mediaBase: string): string | null {
  let path = src.trim();
  if (path.startsWith(mediaBase)) path = path.slice(mediaBase.length);
  else if (/^https?:\/\//i.test(mediaBase) && path.startsWith(new URL(mediaBase).pathname)) {
    path = path.slice(new URL(mediaBase).pathname.length);
  }
  if (/^https?:\/\/[^\s/]/i.test(path)) return path;
  return /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/.test(path) && path.length <= 200
    ? path
    : null;
}

function hasBlockInside(element: Element): boolean {
  for (const child of element.querySelectorAll('*')) {
    if (BLOCKS.has(child.tagName) && !DROPPED.has(child.tagName)) return true;
  }
  return false;
}

/** What a span's style asks for, for pasted text that is bold or italic by style alone. */
function styled(element: Element): { strong: boolean; em: boolean } {
  const style = (element.getAttribute('data-style') ?? element.getAttribute('style') ?? '').toLowerCase();
  const weight = /font-weight:\s*(bold|[6-9]00)/.test(style);
  const italic = /font-style:\s*italic/.test(style);
  return { strong: weight, em: italic };
}

class Writer {
  out = '';
  private run = '';
  private runHasText = false;

  constructor(private readonly mediaBase: string) {}

  /** The paragraph gathered so far, if it has any words. */
  flush() {
    if (this.runHasText) this.out += `<p>${this.run.trim()}</p>`;
    this.run = '';
    this.runHasText = false;
  }

  /** The children of a container of blocks (the body, a quote, a div). */
  blocks(parent: Node) {
    for (const node of parent.childNodes) this.block(node);
  }

  private block(node: Node) {
    if (node.nodeType === 3) {
      const text = inlineText(node.textContent ?? '');
      if (text.trim()) this.runHasText = true;
      if (text.trim() || this.run) this.run += escapeText(text);
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    const tag = element.tagName.toUpperCase();
    if (DROPPED.has(tag)) return;
    if (tag === 'BR') {
      // A line break ends the paragraph: a new one starts after it.
      this.flush();
      return;
    }
    if (tag === 'UL' || tag === 'OL') {
      this.flush();
      this.list(element, tag.toLowerCase());
      return;
    }
    if (tag === 'LI') {
      this.flush();
      this.list(element, 'ul', true);
      return;
    }
    if (tag === 'BLOCKQUOTE') {
      this.flush();
      const inner = new Writer(this.mediaBase);
      inner.blocks(element);
      inner.flush();
      if (inner.out) this.out += `<blockquote>${inner.out}</blockquote>`;
      return;
    }
    if (tag === 'TABLE') {
      this.flush();
      this.table(element);
      return;
    }
    if (tag === 'FIGURE' || tag === 'IMG') {
      this.flush();
      this.figure(element);
      return;
    }
    const heading = /^H([1-6])$/.exec(tag);
    if (heading && !hasBlockInside(element)) {
      this.flush();
      const level = Number(heading[1]) <= 2 ? 'h2' : 'h3';
      const text = this.inline(element);
      if (text.trim()) this.out += `<${level}>${text.trim()}</${level}>`;
      return;
    }
    if (BLOCKS.has(tag) || hasBlockInside(element)) {
      this.flush();
      this.blocks(element);
      this.flush();
      return;
    }
    const text = this.inlineElement(element);
    if (element.textContent?.trim()) this.runHasText = true;
    this.run += text;
  }

  private list(element: Element, tag: string, single = false) {
    const items: string[] = [];
    const item = (li: Node) => {
      const writer = new Writer(this.mediaBase);
      let words = '';
      for (const child of li.childNodes) {
        const name = child.nodeType === 1 ? (child as Element).tagName : '';
        if (name === 'UL' || name === 'OL') {
          writer.list(child as Element, name.toLowerCase());
        } else if (child.nodeType === 1 && BLOCKS.has(name) && name !== 'P' && name !== 'DIV') {
          writer.block(child);
        } else if (child.nodeType === 3) {
          words += escapeText(inlineText(child.textContent ?? ''));
        } else if (child.nodeType === 1) {
          words += this.inlineElement(child as Element) + (name === 'P' || name === 'DIV' ? ' ' : '');
        }
      }
      const body = words.trim() + writer.out;
      if (body) items.push(`<li>${body}</li>`);
    };
    if (single) item(element);
    else {
      let loose = document.createElement('li');
      for (const child of [...element.childNodes]) {
        if (child.nodeType === 1 && (child as Element).tagName === 'LI') {
          if (loose.childNodes.length) item(loose);
          loose = document.createElement('li');
          item(child);
        } else {
          loose.append(child.cloneNode(true));
        }
      }
      if (loose.textContent?.trim()) item(loose);
    }
    if (items.length) this.out += `<${tag}>${items.join('')}</${tag}>`;
  }

  /** A table (stories written in Markdown have them): its rows and cells, words only. */
  private table(element: Element) {
    const row = (tr: Element) => {
      const cells = [...tr.children]
        .filter((cell) => cell.tagName === 'TH' || cell.tagName === 'TD')
        .map((cell) => {
          const name = cell.tagName.toLowerCase();
          return `<${name}>${this.inline(cell).trim()}</${name}>`;
        });
      return cells.length ? `<tr>${cells.join('')}</tr>` : '';
    };
    let out = '';
    for (const part of element.children) {
      const name = part.tagName.toLowerCase();
      if (name === 'tr') out += row(part);
      else if (name === 'thead' || name === 'tbody' || name === 'tfoot') {
        const rows = [...part.children]
          .filter((tr) => tr.tagName === 'TR')
          .map(row)
          .join('');
        if (rows) out += `<${name}>${rows}</${name}>`;
      }
    }
    if (out) this.out += `<table>${out}</table>`;
  }

  private figure(element: Element) {
    const img = element.tagName === 'IMG' ? element : element.querySelector('img');
    const src = img ? safeImageSource(img.getAttribute('src') ?? '', this.mediaBase) : null;
    if (!img || !src) return;
    const alt = inlineText(img.getAttribute('alt') ?? '').trim();
    const caption = element.querySelector('figcaption');
    const words = caption ? this.inline(caption).trim() : '';
    this.out += `<figure><img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}">${
      words ? `<figcaption>${words}</figcaption>` : ''
    }</figure>`;
  }

  /** An element's children as text with strong, em and links. */
  inline(node: Node): string {
    let out = '';
    for (const child of node.childNodes) {
      if (child.nodeType === 3) out += escapeText(inlineText(child.textContent ?? ''));
      else if (child.nodeType === 1) out += this.inlineElement(child as Element);
    }
    return out;
  }

  private inlineElement(element: Element): string {
    const tag = element.tagName.toUpperCase();
    if (DROPPED.has(tag) || tag === 'IMG' || tag === 'BR') return tag === 'BR' ? ' ' : '';
    const inner = this.inline(element);
    if (!inner.trim()) return inner ? ' ' : '';
    if (tag === 'STRONG' || tag === 'B') return wrap('strong', inner);
    if (tag === 'EM' || tag === 'I') return wrap('em', inner);
    if (tag === 'A') {
      const href = safeHref(element.getAttribute('href') ?? '');
      return href ? `<a href="${escapeAttribute(href)}">${inner}</a>` : inner;
    }
    if (tag === 'SPAN') {
      const { strong, em } = styled(element);
      const italic = em ? wrap('em', inner) : inner;
      return strong ? wrap('strong', italic) : italic;
    }
    return inner;
  }
}

/** Spaces and line ends as one space, as a browser shows them; a no-break space as a space. */
function inlineText(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ');
}

/** `<tag>` around the words, with the spaces at either end left outside it. */
function wrap(tag: string, inner: string): string {
  const lead = /^\s*/.exec(inner)?.[0] ?? '';
  const trail = /\s*$/.exec(inner)?.[0] ?? '';
  return `${lead}<${tag}>${inner.trim()}</${tag}>${trail}`;
}

/** The clean body HTML of a DOM subtree (the editing area). */
export function normalizeNode(root: Node, mediaBase: string): string {
  const writer = new Writer(mediaBase);
  writer.blocks(root);
  writer.flush();
  return writer.out.replace(/ {2,}/g, ' ');
}

/** The clean body HTML of an HTML string (pasted HTML, a stored or converted body). */
export function normalizeHtml(html: string, mediaBase: string): string {
  // Style attributes are renamed before parsing: the page's content security policy reports
  // every one the parser meets (pasted HTML is full of them), and they would go anyway.
  const template = document.createElement('template');
  template.innerHTML = html.replace(/(<[a-z][^>]*?\s)style(\s*=)/gi, '$1data-style$2');
  return normalizeNode(template.content, mediaBase);
}
