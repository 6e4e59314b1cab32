/**
 * The script of a public page the server rendered: it hydrates the page's islands (the parts
 * that move, `lib/island.tsx`) and nothing else. `boot.ts` adds it after the first paint.
 * Each island's module loads at once (their files are the page's `data-preload`), and each
 * island hydrates in a task of its own, in page order, so no task holds the main thread for
 * the whole page. Then the page is counted (the analytics beacon), its sections fade in as
 * they scroll into view, and the prefetch rules for the next page are added. `boot.ts` adds
 * it once the page's whole stylesheets are in place: an island may render what the page's
 * inline rules leave out. First, the styles computed from data are set where the server's HTML
 * carries them (`lib/use-inline-style.ts`).
 */
import { type ComponentType, h, hydrate } from 'preact';
import { PageNavigation } from '@/components/site-link';
import { startAnimateOnScroll } from '@/lib/animate-on-scroll';
import type { Island } from '@/lib/island';
import { inTaskOfItsOwn, nextTask } from '@/lib/next-task';
import { sendPageView } from '@/lib/page-views';
import { addSpeculationRules } from '@/lib/speculation-rules';
import { applyInlineStyles } from '@/lib/use-inline-style';

const modules = import.meta.glob<{ default: Island<object> }>('../islands/*.tsx');

/** The props an island's element carries (`data-props`), or none. */
function propsOf(place: HTMLElement): object {
  try {
    return place.dataset.props ? (JSON.parse(place.dataset.props) as object) : {};
  } catch {
    return {};
  }
}

async function start() {
  // Colours from data (a post's) in the parts no island renders.
  applyInlineStyles();
  // An island inside another hydrates with it.
  const places = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter(
    (place) => !place.parentElement?.closest('[data-island]'),
  );
  const loads = places.map((place) => modules[`../islands/${place.dataset.island}.tsx`]?.());
  for (const [index, place] of places.entries()) {
    const shows: ComponentType<object> | undefined = await loads[index]
      ?.then((module) => module.default.shows)
      .catch(() => undefined);
    await nextTask();
    if (!shows) continue;
    try {
      hydrate(h(PageNavigation, null, h(shows, propsOf(place))), place);
    } catch (error) {
      // One island that fails leaves the others (and the page's HTML) working.
      console.error(error);
    }
  }
  // The page's islands run from here on (browser tests wait for this).
  document.documentElement.dataset.app = 'ready';
  inTaskOfItsOwn(() => startAnimateOnScroll());
  inTaskOfItsOwn(() => sendPageView(location.pathname));
  inTaskOfItsOwn(() => void addSpeculationRules());
}

void start();
