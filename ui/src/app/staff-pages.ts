import type { ComponentType } from 'preact';

/**
 * The staff's screens, each its own lazily loaded chunk, reached through this one module:
 * the public entry carries one import for all of them instead of one (with its list of
 * chunks) each, some 450 bytes less on every public page's first load. A staff screen is one
 * round trip further away, once.
 */
export const staffPageModules = import.meta.glob<Record<string, ComponentType>>([
  '../pages/staff*-page.tsx',
  '../pages/story-editor-page.tsx',
]);
