import type { Page, PageField, PageFields, PageState } from './pages-api';

/** An image field's value. */
export interface ImageValue {
  src: string;
  alt: string;
}

/** A link field's value. */
export interface LinkValue {
  label: string;
  href: string;
}

/** A list's item: its values by the item fields' relative paths. */
export type ListItem = Record<string, unknown>;

/** Two values the same, compared by value (JSON: the values are JSON's). */
export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What the form shows of `page`: each field's draft value, else its default. */
export function formValues(page: Page, draft: PageFields = page.draft): PageFields {
  return Object.fromEntries(
    page.schema.fields.map((field) => [
      field.path,
      field.path in draft ? draft[field.path] : page.defaults[field.path],
    ]),
  );
}

/**
 * What a save sends, the whole draft: each value the draft holds already, and each that is
 * not its default; a field left at its default stays out, so it follows the compiled text.
 */
export function draftOf(page: Page, values: PageFields, inDraft: ReadonlySet<string>): PageFields {
  return Object.fromEntries(
    page.schema.fields
      .filter((field) => inDraft.has(field.path) || !same(values[field.path], page.defaults[field.path]))
      .map((field) => [field.path, values[field.path]]),
  );
}

/** Some field of the form differs from `held` (what the server holds). */
export function differs(values: PageFields, held: PageFields): boolean {
  return Object.keys(values).some((path) => !same(values[path], held[path]));
}

/**
 * The element id of the control of the field at `path`, as the form and the preview name it:
 * a top-level field's path, a list item's field as `coreValues.2.value`, a part of an image
 * or a link after a dot (`hero.image.alt`, `cta.href`).
 */
export function fieldId(path: string): string {
  return `page-field-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The server's names of bad fields (`coreValues[2].value`) as the form's (`coreValues.2.value`). */
export function formErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([name, message]) => [name.replace(/\[(\d+)\]/g, '.$1'), message]),
  );
}

/** The first message among `errors` for the field at `path` or any part of it. */
export function errorAt(errors: Record<string, string>, path: string): string | undefined {
  return errors[path];
}

/** An empty item of a list: each of its fields with nothing in it yet. */
export function emptyItem(fields: readonly PageField[]): ListItem {
  return Object.fromEntries(fields.map((field) => [field.path, emptyValue(field)]));
}

function emptyValue(field: PageField): unknown {
  switch (field.kind) {
    case 'text':
    case 'paragraphs':
      return '';
    case 'image':
      return { src: '', alt: '' };
    case 'video':
      return { src: '' };
    case 'link':
      return { label: '', href: '' };
    case 'list':
      return Array.from({ length: field.min }, () => emptyItem(field.item));
  }
}

/** `items` with the item at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** What the list of pages says of each state. */
export const stateLabels: Record<PageState, string> = {
  default: 'As compiled',
  draft: 'Draft',
  published: 'Published',
  scheduled: 'Scheduled',
};

/** A default's words as a line under its field (paragraphs' HTML as their text). */
export function defaultText(field: PageField, value: unknown): string {
  switch (field.kind) {
    case 'text':
      return String(value ?? '');
    case 'paragraphs':
      return String(value ?? '')
        .replace(/<\/(p|li)>/g, ' ')
        .replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    case 'image': {
      const image = value as ImageValue | undefined;
      return image?.alt ? `a picture: “${image.alt}”` : 'a picture';
    }
    case 'video':
      return 'a video';
    case 'link': {
      const link = value as LinkValue | undefined;
      return link ? `“${link.label}” to ${link.href}` : '';
    }
    case 'list':
      return `${Array.isArray(value) ? value.length : 0} items`;
  }
}
