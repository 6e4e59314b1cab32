import { prefersReducedMotion } from './reduced-motion';

const SELECTOR = '[data-animate]';
export const ANIMATE_READY_CLASS = 'aos';
export const ANIMATE_IN_CLASS = 'aos-in';

/**
 * Fades in every `[data-animate]` element the first time it scrolls into view.
 * Started once with the app; pages load lazily, so a MutationObserver picks up
 * elements added later. Under prefers-reduced-motion (or without the observers)
 * it does nothing and the CSS leaves every element visible.
 * Returns a function that stops it.
 */
export function startAnimateOnScroll(doc: Document = document): () => void {
  if (
    prefersReducedMotion() ||
    typeof IntersectionObserver === 'undefined' ||
    typeof MutationObserver === 'undefined'
  ) {
    return () => {};
  }
  const reveal = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add(ANIMATE_IN_CLASS);
        reveal.unobserve(entry.target);
      }
    },
    { rootMargin: '0px 0px -40px 0px' },
  );
  const watch = (node: Element | Document) => {
    if (node instanceof Element && node.matches(SELECTOR)) reveal.observe(node);
    for (const element of node.querySelectorAll(SELECTOR)) reveal.observe(element);
  };
  const added = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) watch(node);
    }
  });
  // What a server-rendered page already shows stays shown: only what is below the fold fades in.
  const fold = doc.defaultView?.innerHeight ?? 0;
  for (const element of doc.querySelectorAll(SELECTOR)) {
    if (element.getBoundingClientRect().top < fold) element.classList.add(ANIMATE_IN_CLASS);
  }
  doc.documentElement.classList.add(ANIMATE_READY_CLASS);
  watch(doc);
  added.observe(doc.body, { childList: true, subtree: true });
  return () => {
    added.disconnect();
    reveal.disconnect();
    doc.documentElement.classList.remove(ANIMATE_READY_CLASS);
  };
}
