import { options } from 'preact';
import 'preact/compat';

/**
 * preact/compat rewrites every element's props for the browser's DOM as it is created (class
 * names, event names, SVG attribute names), in the `options.vnode` hook. preact-render-to-string
 * writes the same attribute names itself, so in the server's render the hook only costs time:
 * a fifth of a page in the embedded engine. Without it the server writes the same markup, but
 * for the order of an element's attributes (server-render.test.tsx renders every route both
 * ways). Imported by the server entry only.
 */
export const compatElementHook = options.vnode;
options.vnode = undefined;

/** The fields preact-render-to-string sets on what it renders (preact's mangled names). */
interface RenderedVNode {
  /** The parent vnode. */
  __?: unknown;
  /** The component instance. */
  __c?: { __v?: unknown; __H?: unknown };
}

/**
 * preact-render-to-string leaves each vnode pointing at its parent and at its component, and
 * each component at its vnode and hooks: cycles that reference counting cannot free, so every
 * page's tree stayed in the engine's heap until a run of the cycle collector. Worse, a vnode
 * made once and rendered in every page (the route table's elements) kept its last tree alive
 * for good, about 700 objects a route, and a class component of such a vnode (an error
 * boundary) would be taken up again, state and all, by the next render. Once a vnode is done
 * (`options.unmount`, after the hooks' own cleanup) the links go: a page's tree is freed as the
 * render returns, and a collection walks a fifth of the heap it did (src/render/engine.rs).
 */
const unmountHooks = options.unmount;
options.unmount = (vnode) => {
  unmountHooks?.(vnode);
  const rendered = vnode as unknown as RenderedVNode;
  const component = rendered.__c;
  if (component) {
    component.__v = undefined;
    component.__H = undefined;
    rendered.__c = undefined;
  }
  rendered.__ = undefined;
};
