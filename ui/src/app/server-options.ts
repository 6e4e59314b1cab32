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
