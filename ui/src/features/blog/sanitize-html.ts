/**
 * The client's own pass over a blog's HTML before it is shown (the server already cleaned it
 * with ammonia; the client sanitizes again, as a second line of defence). The allowlist is the
 * server's own, generated into `html-allowlist.ts`: elements the server keeps keep the
 * attributes it keeps, dangerous elements go with their content, and anything else is
 * unwrapped to its text. The markup is parsed by DOMParser into a detached document, so
 * nothing in it runs or loads while it is cleaned. How a post looks (heading levels, link
 * targets, lazy images) is the post component's business, not this one's.
 */

import { leavesTheSite } from '@/lib/site-path';
import { ALLOWED, DROPPED, LINK_PROTOCOLS } from './html-allowlist';

const URL_ATTRIBUTES = new Set(['href', 'src']);
const IMAGE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

function safeUrl(value: string, protocols: ReadonlySet<string>): string | null {
  // A "path" a browser takes to another host (`//host`, `/\host`), as the server's pass drops it.
  if (leavesTheSite(value)) return null;
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"); so does URL.
  try {
    const url = new URL(value, window.location.origin);
    return protocols.has(url.protocol) ? value.trim() : null;
  } catch {
    return null;
  }
}

/** Copies the allowed attributes; false when the element is useless without one it lost. */
function cleanAttributes(source: Element, target: Element, tag: string): boolean {
  const allowed = ALLOWED[tag] ?? [];
  for (const { name, value } of Array.from(source.attributes)) {
    const attr = name.toLowerCase();
    if (!allowed.includes(attr)) continue;
    if (URL_ATTRIBUTES.has(attr)) {
      const url = safeUrl(value, tag === 'img' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS);
      if (url !== null) target.setAttribute(attr, url);
    } else {
      target.setAttribute(attr, value);
    }
  }
  return tag !== 'img' || target.hasAttribute('src');
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
    const tag = element.localName.toLowerCase();
    if (DROPPED.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
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
