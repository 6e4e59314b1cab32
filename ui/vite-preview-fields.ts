import type { Plugin } from 'vite';

/**
 * The page editor's field attributes (`lib/page-fields.ts`: `{...fieldOf('path')}` on an
 * element, `field={fieldOf(...)}` or `titleField={fieldOf(...)}` handed to a component) only
 * matter in a preview, which only the server renders: the editor shows it in a frame that
 * runs no script. So the browser's build drops each of them from the components' source
 * (a path may be a template, `coreValues.${index}.value`), and a visitor's first load
 * carries none of the paths.
 */
const SPREAD = /\{\s*\.\.\.fieldOf\([^()]*\)\s*\}/g;
const PROP = /\s[a-zA-Z]*[fF]ield=\{fieldOf\([^()]*\)\}/g;

export function previewFieldsOnServer(): Plugin {
  return {
    name: 'corpsite-preview-fields-on-server',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('.tsx') || !code.includes('fieldOf(')) return null;
      return { code: code.replace(SPREAD, '').replace(PROP, ''), map: null };
    },
  };
}
