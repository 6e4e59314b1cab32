import type { ComponentChildren } from 'preact';

/** A labelled field of a staff editor (a story, a page), with its hint and its error below the control. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ComponentChildren;
}) {
  return (
    <div class={error ? 'staff-field staff-field--invalid' : 'staff-field'}>
      <label for={id}>{label}</label>
      {children}
      {hint && (
        <p class="staff-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="staff-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The ARIA of a control whose field may be in error. */
export function described(id: string, error?: string, hint?: boolean) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}
