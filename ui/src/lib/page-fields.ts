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

const edits = new Map<string, { fields: Record<string, unknown>; value: unknown }>();

/**
 * The content export `name` of the page `page`, with the office's published values over its
 * defaults. Without any it is `defaults` itself; with some, a copy along each edited path
 * (the rest shared with `defaults`), made once for each set of fields the page came with.
 */
export function edited<T>(page: string, name: string, defaults: T): T {
  const fields = pageFields()?.[page];
  if (!fields) return defaults;
  const key = `${page}\u0000${name}`;
  const kept = edits.get(key);
  if (kept && kept.fields === fields) return kept.value as T;
  const prefix = `${name}.`;
  let value: unknown = defaults;
  for (const [path, field] of Object.entries(fields)) {
    if (path.startsWith(prefix)) value = withValue(value, path.slice(prefix.length).split('.'), field);
  }
  edits.set(key, { fields, value });
  return value as T;
}

/** `target` with `value` at `path`, copied along the path; a path the content lacks changes nothing. */
function withValue(target: unknown, path: readonly string[], value: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return value;
  if (Array.isArray(target)) {
    const index = Number(step);
    if (!Number.isInteger(index) || index < 0 || index >= target.length) return target;
    const copy = [...target];
    copy[index] = withValue(target[index], rest, value);
    return copy;
  }
  if (target === null || typeof target !== 'object' || !Object.hasOwn(target, step)) return target;
  return { ...target, [step]: withValue((target as Record<string, unknown>)[step], rest, value) };
}

/**
 * The attribute that ties an element to the field it shows, `data-field="<path>"`, in a
 * preview of the page editor only (a click on the element focuses the field): a public page
 * gets none, so its HTML is the preview's without them.
 */
export function fieldOf(path: string): { 'data-field'?: string } {
  return inPreview() ? { 'data-field': path } : {};
}
