import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * Styles computed from data (a post's colour), set through the CSSOM once the element is in
 * the page. The CSP has no 'unsafe-inline' for styles, so a `style` attribute in the
 * server's HTML would be refused; a style property set by script is not. Returns the ref to
 * put on the element. Keys are CSS property names (`background-color`, `--blog-color`).
 */
export function useInlineStyle<T extends HTMLElement>(style: Record<string, string>) {
  const ref = useRef<T>(null);
  const text = JSON.stringify(style);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    for (const [name, value] of Object.entries(style)) element.style.setProperty(name, value);
  }, [text]);
  return ref;
}
