import type { Plugin } from 'vite';

/**
 * Faster paths for preact-render-to-string in the server bundle (only there: the browser never
 * loads it). The binary runs that bundle in QuickJS, whose regular expressions are a
 * backtracking interpreter: the library's tests of every tag and attribute name against its
 * name patterns, and of every text and attribute value for characters to escape, were a tenth
 * of a render. Here:
 * - the name patterns answer from a memo (names come from the components' code, a few dozen,
 *   never from data; the memo is capped all the same), with the pattern's own answer;
 * - the escape test is three native `indexOf` scans, the same answer as `/["&<]/.test`.
 *
 * Each pattern must be found exactly once: an update of the library that changes them stops
 * the build here, instead of leaving a render slower (or a patch applied to other code).
 */
const NAME_PATTERNS = [
  // UNSAFE_NAME: a tag or attribute name that must not be written.
  String.raw`/[\s\n\\/='"\0<>]/`,
  // HTML_LOWER_CASE: React-style names written lower case (tabIndex, readOnly...).
  '/^(?:accessK|auto[A-Z]|cell|ch|col|cont|cross|dateT|encT|form[A-Z]|frame|hrefL|inputM|maxL|minL|noV|playsI|popoverT|readO|rowS|src[A-Z]|tabI|useM|item[A-Z])/',
  // SVG_CAMEL_CASE: SVG names written kebab-case (strokeWidth...).
  '/^ac|^ali|arabic|basel|cap|clipPath$|clipRule$|color|dominant|enable|fill|flood|font|glyph[^R]|horiz|image|letter|lighting|marker[^WUH]|overline|panose|pointe|paint|rendering|shape|stop|strikethrough|stroke|text[^L]|transform|underline|unicode|units|^v[^i]|^w|^xH/',
];
const ESCAPE_TEST = `/["&<]/`;

const HELPERS = `
function __corpsiteMemoTest(pattern) {
  const answers = new Map();
  return {
    test(name) {
      let answer = answers.get(name);
      if (answer === undefined) {
        answer = pattern.test(name);
        if (answers.size >= 512) answers.clear();
        answers.set(name, answer);
      }
      return answer;
    },
  };
}
const __corpsiteEscapeTest = {
  test: (text) => text.indexOf('<') !== -1 || text.indexOf('&') !== -1 || text.indexOf('"') !== -1,
};
`;

export function renderFastPaths(): Plugin {
  return {
    name: 'corpsite-render-fast-paths',
    apply: 'build',
    enforce: 'pre',
    transform(code, id, options) {
      if (!options?.ssr || !/\/preact-render-to-string\/dist\/index\.(mjs|module\.js)$/.test(id)) return null;
      let patched = code;
      const once = (literal: string, replacement: string) => {
        const found = patched.split(literal).length - 1;
        if (found !== 1) {
          throw new Error(
            `${id}: expected ${literal} once, found it ${found} times; check vite-render-fast-paths.ts against this version`,
          );
        }
        patched = patched.replace(literal, () => replacement);
      };
      for (const literal of NAME_PATTERNS) once(literal, `__corpsiteMemoTest(${literal})`);
      once(ESCAPE_TEST, '__corpsiteEscapeTest');
      return { code: HELPERS + patched, map: null };
    },
  };
}
