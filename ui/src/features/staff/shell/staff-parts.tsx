/**
 * The pieces staff screens are built of: a failure's alert, a success's status line, a submit
 * button, a text field, a section's panel, a table's head, a link page's cards, a list's
 * filters. One module, so that every staff page shares one chunk: each chunk more is one more
 * name in the preload map of the app's entry, which every public page loads too.
 */
import type { ComponentChildren, Ref } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** A failure's words, read out as they appear (`role="alert"`); nothing while there are none. */
export function StaffAlert({ message, id }: { message: string; id?: string }) {
  if (!message) return null;
  return (
    <p class="staff-alert" id={id} role="alert">
      {message}
    </p>
  );
}

/**
 * An editor's failure (a story's, a page's): its words, and when someone saved first (a
 * conflict) the way to the saved version; what was typed stays until that is asked for.
 */
export function EditorAlert({
  message,
  conflict,
  onReload,
}: {
  message: string;
  conflict: boolean;
  onReload: () => void;
}) {
  if (!message) return null;
  return (
    <div class="staff-alert" role="alert">
      <p>{message}</p>
      {conflict && (
        <button type="button" class="staff-button" onClick={onReload}>
          Load the saved version
        </button>
      )}
    </div>
  );
}

/** What a success says, in a line that stays in the page so that each change is read out. */
export function SaidLine({ class: className, message }: { class: string; message: string }) {
  return (
    <p class={className} role="status">
      {message}
    </p>
  );
}

interface SubmitButtonProps {
  busy: boolean;
  /** What it says while the call is out (`Saving…`); its own words when not given. */
  busyLabel?: string;
  /** The form's main action (the default), or one of several. */
  primary?: boolean;
  children: ComponentChildren;
}

/** A form's submit button, held while its call is out so that a slow server gets one call. */
export function SubmitButton({ busy, busyLabel, primary = true, children }: SubmitButtonProps) {
  return (
    <button
      class={primary ? 'staff-button staff-button--primary' : 'staff-button'}
      type="submit"
      disabled={busy}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  maxLength?: number;
  value: string;
  onInput: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its field message, tied together for screen readers. */
export function TextField({
  id,
  label,
  type = 'text',
  autoComplete,
  maxLength,
  value,
  onInput,
  error,
  inputRef,
}: TextFieldProps) {
  const errorId = `${id}-error`;
  const input = {
    id,
    ref: inputRef,
    autoComplete,
    maxLength,
    required: true,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onInput: (e: Event) => onInput((e.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class="staff-field">
      <label for={id}>{label}</label>
      {type === 'email' ? <input type="email" {...input} /> : <input type="text" {...input} />}
      {error && (
        <p class="staff-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** An address field, labelled Email. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'label'>) {
  return <TextField type="email" label="Email" {...props} />;
}

interface StaffSectionProps {
  /** Its title's id, which names the section. */
  id: string;
  /** Its class, on the staff panel's; its title's is `${name}__title`. */
  name: string;
  title: ComponentChildren;
  children: ComponentChildren;
}

/** A part of a screen on a panel of its own, named by its title. */
export function StaffSection({ id, name, title, children }: StaffSectionProps) {
  return (
    <section class={`staff-panel ${name}`} aria-labelledby={id}>
      <h2 class={`${name}__title`} id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

interface TableHeadProps {
  columns: readonly string[];
  /** The last column's name, for the rows' buttons: read by screen readers, not shown. */
  actions?: string;
}

/** A staff table's head row. */
export function TableHead({ columns, actions }: TableHeadProps) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th scope="col" key={column}>
            {column}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span class="visually-hidden">{actions}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/** A link's page while the server checks the link (a title when the page has one already). */
export function LinkChecking({ title, children }: { title?: string; children: string }) {
  return (
    <div class="staff-card">
      {title && <h1 class="staff-card__title">{title}</h1>}
      <p role="status">{children}</p>
    </div>
  );
}

/** A link's page once the link no longer works (spent, expired, never was): why, and what next. */
export function LinkGone({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <div class="staff-card">
      <h1 class="staff-card__title">{title}</h1>
      {children}
    </div>
  );
}

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
  /** A drop-down of the draft: its value, and what choosing does. */
  const choice = (key: keyof F & string) => ({
    value: draft[key] ?? '',
    onChoose: (value: string) => set(key, value),
  });
  return { draft, set, field, choice };
}

interface FilterFormProps<F extends Filters> {
  /** The form's own class, beside the staff filters'. */
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
      class={`staff-panel staff-filters ${name}`}
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
      <div class="staff-filters__actions">
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
