import type { ComponentType, FunctionComponent } from 'preact';

/**
 * A part of a public page that moves (a menu, a form, a search): the only code a visitor's
 * browser runs on a page the server rendered. The rest of the page is the server's HTML and
 * stays as it came; no script is shipped for it.
 *
 * `island('site-header', SiteHeader)` is what pages render: everywhere (the server's render,
 * the staff's app) it is `SiteHeader` inside `<div class="island" data-island="site-header">`
 * (`display: contents`, so the wrapper never changes the layout), with its props as JSON in
 * `data-props`. In the browser, `app/islands.ts` finds each such element and hydrates the
 * component named by the file `src/islands/<name>.tsx`, the island module that made it, with
 * those props, each in a task of its own. So an island's props are plain data (no children,
 * no callbacks), and what it reads besides (the page's data, the office's words, the
 * location) it reads as any component does.
 */
export interface Island<P> extends FunctionComponent<P> {
  /** Its module's file name under src/islands/. */
  islandName: string;
  /** What it shows. */
  shows: ComponentType<P>;
}

/**
 * A prop that ties an element to its page-editor field (`field`, `titleField`, `imageField`:
 * `fieldOf(...)`, lib/page-fields.ts). Only a preview has the marks, and the browser's build
 * drops them, so they never travel in `data-props`: a preview's props are the public page's.
 */
const FIELD_PROP = /^[a-z]*[fF]ield$/;

/** The props an island's element carries, as JSON; none when there are none. */
function propsJson(props: object): string | undefined {
  const kept = Object.entries(props).filter(([key]) => !FIELD_PROP.test(key));
  return kept.length > 0 ? JSON.stringify(Object.fromEntries(kept)) : undefined;
}

export function island<P extends object>(name: string, Shows: ComponentType<P>): Island<P> {
  function Place(props: P) {
    const json = propsJson(props);
    return (
      <div class="island" data-island={name} data-props={json}>
        <Shows {...props} />
      </div>
    );
  }
  Place.displayName = `Island(${name})`;
  return Object.assign(Place, { islandName: name, shows: Shows });
}
