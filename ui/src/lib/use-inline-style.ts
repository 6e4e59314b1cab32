import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

/** The attribute that carries an element's computed styles in the server's HTML. */
export const INLINE_STYLE_ATTRIBUTE = 'data-inline-style';

/**
 * Styles computed from data (a post's colour), set through the CSSOM once the element is in
 * the page. The CSP has no 'unsafe-inline' for styles, so a `style` attribute in the
 * server's HTML would be refused; a style property set by script is not. Returns the props to
 * spread on the element: its ref, and the styles as JSON in `data-inline-style`, which a page
 * of islands applies by itself to elements no island renders (`applyInlineStyles`). Keys are
 * CSS property names (`background-color`, `--blog-color`).
 */
export function useInlineStyle<T extends HTMLElement>(
  style: Record<string, string>,
): { ref: RefObject<T | null>; 'data-inline-style': string } {
  const ref = useRef<T>(null);
  const text = JSON.stringify(style);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    for (const [name, value] of Object.entries(style)) element.style.setProperty(name, value);
  }, [text]);
  return { ref, [INLINE_STYLE_ATTRIBUTE]: text };
}

/** Sets the styles every `data-inline-style` element of `root` carries (a page of islands). */
export function applyInlineStyles(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[${INLINE_STYLE_ATTRIBUTE}]`)) {
    try {
      const style = JSON.parse(element.getAttribute(INLINE_STYLE_ATTRIBUTE) ?? '{}') as Record<
        string,
        string
      >;
      for (const [name, value] of Object.entries(style)) element.style.setProperty(name, value);
    } catch {
      // A broken attribute leaves the element in the stylesheet's colours.
    }
  }
}
