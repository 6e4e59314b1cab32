import { messages } from '@/content/messages';
import { inPreview, pageFields } from './page-data';

/**
 * A `paragraphs` field the office wrote: HTML of the story editor's subset (paragraphs, bold,
 * italic, links, lists), as its top-level blocks, each one element (`<p>...</p>`, `<ul>...</ul>`).
 */
export interface ParagraphsHtml {
  html: readonly string[];
}

/** Paragraphs as a page shows them: the content's plain ones, or the office's HTML. */
export type ParagraphsValue = readonly string[] | ParagraphsHtml;

/** How many paragraphs (or blocks) there are. */
export function paragraphCount(value: ParagraphsValue): number {
  return 'html' in value ? value.html.length : value.length;
}

/** The first `count` paragraphs (or blocks). */
export function firstParagraphs(value: ParagraphsValue, count: number): ParagraphsValue {
  return 'html' in value ? { html: value.html.slice(0, count) } : value.slice(0, count);
}

/**
 * The content export `name` of the page `page`, with the office's published values over its
 * defaults (or in its place, for an export that is one value: `footerAbout`). Without any it
 * is `defaults` itself; with some, a copy along each edited path, the rest shared.
 */
export function edited<T>(page: string, name: string, defaults: T): T {
  let value: unknown = defaults;
  for (const [path, field] of Object.entries(pageFields()?.[page] ?? {})) {
    const steps = path.split('.');
    if (steps.shift() === name) value = withValue(value, steps, field);
  }
  return value as T;
}

/**
 * `target` with `value` at `path`, copied along the path; a path the content lacks changes
 * nothing. A list (an array of items, each its values by relative path) is laid item by item
 * over the content's items, or past their end over the last one (with an id of its own), so
 * what the office does not word (an icon, an id) stays the content's.
 */
function withValue(target: unknown, [step, ...rest]: string[], value: unknown): unknown {
  if (step === undefined) {
    if (!Array.isArray(value) || !Array.isArray(target) || target.length === 0) return value;
    return value.map((item: Record<string, unknown>, index) => {
      let base = target[Math.min(index, target.length - 1)];
      if (index >= target.length && base?.id !== undefined) base = { ...base, id: `${base.id}-${index}` };
      for (const [path, field] of Object.entries(item)) base = withValue(base, path.split('.'), field);
      return base;
    });
  }
  if (target === null || typeof target !== 'object' || !(step in target)) return target;
  const copy = (Array.isArray(target) ? [...target] : { ...target }) as Record<string, unknown>;
  copy[step] = withValue((target as Record<string, unknown>)[step], rest, value);
  return copy;
}

/**
 * The attribute that ties an element to the field it shows, `data-field="<path>"`, in a
 * preview of the page editor only (a click on the element focuses the field): a public page
 * gets none, so its HTML is the preview's without them.
 */
export function fieldOf(path: string): { 'data-field'?: string } {
  return inPreview() ? { 'data-field': path } : {};
}

/** The messages a visitor reads (toasts, a form's errors), as the office words them. */
export function visitorMessages(): typeof messages {
  return edited('toasts', 'messages', messages);
}
