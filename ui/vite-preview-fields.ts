import type { Plugin } from 'vite';

/**
 * The page editor's field attributes (`{...fieldOf('path')}`, `lib/page-fields.ts`) only
 * matter in a preview, which only the server renders: the editor shows it in a frame that
 * runs no script. So the browser's build drops every such spread from the components'
 * source, and a visitor's first load carries none of the paths.
 */
const SPREAD = /\{\s*\.\.\.fieldOf\(\s*'[^'\n]*'\s*\)\s*\}/g;

export function previewFieldsOnServer(): Plugin {
  return {
    name: 'corpsite-preview-fields-on-server',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('.tsx') || !code.includes('fieldOf(')) return null;
      return { code: code.replace(SPREAD, ''), map: null };
    },
  };
}
