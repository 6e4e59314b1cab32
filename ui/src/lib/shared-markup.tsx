import { type ComponentChildren, Fragment, h } from 'preact';

/**
 * Markup the server renders once and then reuses: the site's frame (header, drawer, footer)
 * is the same on every page of one route while the company's details stay the same, and it
 * is more than half of a small page's render in the binary's JavaScript engine (src/render/);
 * a blog card is the same wherever its post shows until the blogs change. In the browser
 * `SharedMarkup` is nothing but its children, so hydration finds the very markup the
 * components make.
 *
 * The server names a scope for each render (`setMarkupScope`): the details' generation, the
 * blogs' version and the page's route. Inside, a piece may read only those and what its
 * `name` says (a card names its post, variant and loading): not other blog data, not the
 * query string, not the site's address. `server-render.test.tsx` holds them to that.
 *
 * `PureMarkup` is for the smallest pieces whose markup follows from their props alone (an
 * icon): kept in each engine whatever the scope, but only while a render has one, so a fresh
 * render still makes everything.
 */
type Renderer = (children: ComponentChildren, context: object) => string;

/** Where the kept pieces live: the binary's store, shared by its engines, or a map. */
export interface MarkupStore {
  get(key: string): string | undefined;
  put(key: string, html: string): void;
}

let renderer: Renderer | null = null;
let store: MarkupStore | null = null;
let scope: string | null = null;

/** A store in this engine alone, bounded (about 15 KB a piece). */
export function localMarkupStore(limit = 96): MarkupStore {
  const kept = new Map<string, string>();
  return {
    get: (key) => kept.get(key),
    put(key, html) {
      if (kept.size >= limit) {
        const oldest = kept.keys().next();
        if (!oldest.done) kept.delete(oldest.value);
      }
      kept.set(key, html);
    },
  };
}

/** The server bundle hands in its renderer and store once; the browser never does. */
export function provideMarkupRenderer(render: Renderer, kept: MarkupStore): void {
  renderer = render;
  store = kept;
}

/** Before each render: its scope, or null to render everything afresh. */
export function setMarkupScope(next: string | null): void {
  scope = next;
}

interface SharedMarkupProps {
  /** Which piece this is (one scope holds several). */
  name: string;
  children: ComponentChildren;
}

export function SharedMarkup({ name, children }: SharedMarkupProps, context: object) {
  if (!store || scope === null) return <>{children}</>;
  return kept(store, `${name}\n${scope}`, children, context);
}

/** Icons by their props: a few dozen in all. */
const pureStore = localMarkupStore(256);

export function PureMarkup({ name, children }: SharedMarkupProps, context: object) {
  if (!store || scope === null) return <>{children}</>;
  return kept(pureStore, name, children, context);
}

function kept(from: MarkupStore, key: string, children: ComponentChildren, context: object) {
  let html = from.get(key);
  if (html === undefined && renderer) {
    // The same providers (the router's, the site's links') as the page around it.
    html = renderer(children, context);
    from.put(key, html);
  }
  // preact-render-to-string writes a Fragment's `tpl` strings out as they are.
  return html === undefined ? <>{children}</> : h(Fragment, { tpl: [html] } as object);
}
