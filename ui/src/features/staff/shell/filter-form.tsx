import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** The filters a list's page holds in its URL, by name; `page` among them. */
export type Filters = { from?: string; to?: string; page?: string } & Partial<Record<string, string>>;

/** A field of a filter form: its value, and what typing or choosing does (emptied, it is dropped). */
export interface FilterBinding {
  value: string;
  onInput: (event: { currentTarget: { value: string } }) => void;
}

/**
 * A filter form's draft: what is typed or chosen, applied only with its button; the page's
 * filters again whenever they change (Back, a quick filter, Clear).
 */
export function useFilterDraft<F extends Filters>(filters: F) {
  const [draft, setDraft] = useState<F>(filters);
  useEffect(() => setDraft(filters), [JSON.stringify(filters)]);
  const set = (key: keyof F & string, value: string) => setDraft({ ...draft, [key]: value || undefined });
  const field = (key: keyof F & string): FilterBinding => ({
    value: draft[key] ?? '',
    onInput: (event) => set(key, event.currentTarget.value),
  });
  return { draft, set, field };
}

interface FilterFormProps<F extends Filters> {
  /** The form's class; its buttons' is `${name}__actions`. */
  name: string;
  label: string;
  draft: F;
  field: (key: 'from' | 'to') => FilterBinding;
  onApply: (next: F) => void;
  /** The fields before the days. */
  children: ComponentChildren;
}

/**
 * A list's filters: its own fields, then the days (From, To), applied together with Apply
 * (back to the first page); Clear drops them all.
 */
export function FilterForm<F extends Filters>({
  name,
  label,
  draft,
  field,
  onApply,
  children,
}: FilterFormProps<F>) {
  return (
    <form
      class={name}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...draft, page: undefined });
      }}
    >
      {children}
      <label class="staff-field">
        <span>From</span>
        <input type="date" {...field('from')} />
      </label>
      <label class="staff-field">
        <span>To</span>
        <input type="date" {...field('to')} />
      </label>
      <div class={`${name}__actions`}>
        <button type="submit" class="staff-button staff-button--primary">
          Apply
        </button>
        <button type="button" class="staff-button" onClick={() => onApply({} as F)}>
          Clear
        </button>
      </div>
    </form>
  );
}
