import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANIMATE_IN_CLASS, ANIMATE_READY_CLASS, startAnimateOnScroll } from './animate-on-scroll';

type Callback = (entries: { target: Element; isIntersecting: boolean }[]) => void;

/** A stand-in IntersectionObserver whose visibility the test decides. */
function stubObserver() {
  const observed = new Set<Element>();
  let notify: Callback = () => {};
  class FakeObserver {
    constructor(callback: Callback) {
      notify = callback;
    }
    observe(element: Element) {
      observed.add(element);
    }
    unobserve(element: Element) {
      observed.delete(element);
    }
    disconnect() {
      observed.clear();
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observed,
    show: (element: Element) => notify([{ target: element, isIntersecting: true }]),
  };
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
  }));
}

describe('animate on scroll', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('marks the page ready and reveals each element the first time it is seen', () => {
    stubReducedMotion(false);
    const observer = stubObserver();
    document.body.innerHTML = '<section data-animate id="a"></section>';
    stop = startAnimateOnScroll();
    expect(document.documentElement.classList.contains(ANIMATE_READY_CLASS)).toBe(true);
    const section = document.getElementById('a') as HTMLElement;
    expect(observer.observed.has(section)).toBe(true);
    observer.show(section);
    expect(section.classList.contains(ANIMATE_IN_CLASS)).toBe(true);
    expect(observer.observed.has(section)).toBe(false);
  });

  it('watches elements that a lazily loaded page adds later', async () => {
    stubReducedMotion(false);
    const observer = stubObserver();
    stop = startAnimateOnScroll();
    const late = document.createElement('div');
    late.innerHTML = '<p data-animate>late</p>';
    document.body.append(late);
    await new Promise((done) => setTimeout(done, 0)); // MutationObserver callbacks are microtasks
    const paragraph = late.querySelector('p') as HTMLElement;
    expect(observer.observed.has(paragraph)).toBe(true);
  });

  it('does nothing under prefers-reduced-motion, so every element stays visible', () => {
    stubReducedMotion(true);
    const observer = stubObserver();
    document.body.innerHTML = '<section data-animate></section>';
    stop = startAnimateOnScroll();
    expect(document.documentElement.classList.contains(ANIMATE_READY_CLASS)).toBe(false);
    expect(observer.observed.size).toBe(0);
  });
});
