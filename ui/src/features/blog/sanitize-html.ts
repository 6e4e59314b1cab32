/**
 * The client's own pass over a blog's HTML before it is shown (the server already cleaned it
 * with ammonia; this is the second line of defence DESIGN.md asks for). An allowlist: known
 * text elements keep their allowed attributes, dangerous elements go with their content, and
 * anything else is unwrapped to its text. The markup is parsed by DOMParser into a detached
 * document, so nothing in it runs or loads while it is cleaned.
 */

/** Elements kept, with the attributes each may keep. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  del: [],
  ins: [],
  mark: [],
  small: [],
  sub: [],
  sup: [],
  abbr: ['title'],
  blockquote: ['cite'],
  q: ['cite'],
  cite: [],
  code: [],
  pre: [],
  kbd: [],
  ul: [],
  ol: ['start', 'reversed'],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  figure: [],
  figcaption: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  span: [],
  div: [],
};

/** Removed together with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'xmp',
  'plaintext',
  'listing',
]);

/** The post's title is the page's h1, so headings in the body start at h2. */
const RENAMED: Record<string, string> = { h1: 'h2' };

const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

function safeUrl(value: string, protocols: ReadonlySet<string>): string | null {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"); so does URL.
  try {
    const url = new URL(value, window.location.origin);
    return protocols.has(url.protocol) ? value.trim() : null;
  } catch {
    return null;
  }
}

function isWholeNumber(value: string): boolean {
  return /^\d{1,4}$/.test(value.trim());
}

function cleanAttributes(source: Element, target: Element, tag: string) {
  const allowed = ALLOWED[tag] ?? [];
  for (const { name, value } of Array.from(source.attributes)) {
    const attr = name.toLowerCase();
    if (!allowed.includes(attr)) continue;
    if (URL_ATTRIBUTES.has(attr)) {
      const url = safeUrl(value, tag === 'img' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS);
      if (url !== null) target.setAttribute(attr, url);
    } else if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(attr)) {
      if (isWholeNumber(value)) target.setAttribute(attr, value.trim());
    } else if (attr === 'scope') {
      if (['row', 'col', 'rowgroup', 'colgroup'].includes(value)) target.setAttribute(attr, value);
    } else {
      target.setAttribute(attr, value);
    }
  }
  if (tag === 'a' && target.hasAttribute('href')) {
    const url = new URL(target.getAttribute('href') ?? '', window.location.origin);
    if (url.origin !== window.location.origin && url.protocol.startsWith('http')) {
      target.setAttribute('target', '_blank');
      target.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
  if (tag === 'img') {
    if (!target.hasAttribute('src')) return false;
    if (!target.hasAttribute('alt')) target.setAttribute('alt', '');
    target.setAttribute('loading', 'lazy');
    target.setAttribute('decoding', 'async');
  }
  return true;
}

/** Copies the allowed part of `source`'s children into `target` (built in `doc`). */
function copyChildren(source: Node, target: Node, doc: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = child as Element;
    const name = element.localName.toLowerCase();
    if (DROPPED.has(name) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
    const tag = RENAMED[name] ?? name;
    if (!(tag in ALLOWED)) {
      copyChildren(element, target, doc); // unknown wrapper: keep its text
      continue;
    }
    const clean = doc.createElement(tag);
    if (!cleanAttributes(element, clean, tag)) continue;
    copyChildren(element, clean, doc);
    target.appendChild(clean);
  }
}

/** Returns HTML that holds only allowed elements and attributes, with safe URLs only. */
export function sanitizeHtml(html: string): string {
  // DOMParser builds a document with no browsing context: no script runs and no image loads.
  // (Chromium still reports to the page's CSP any inline handler or style attribute it parses;
  // the server's ammonia pass means real posts never carry one.)
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  // Rebuild into a fresh element rather than editing in place: what we output is only what we
  // created, never a node the parser made from the input.
  const out = parsed.createElement('div');
  copyChildren(parsed.body, out, parsed);
  return out.innerHTML;
}
