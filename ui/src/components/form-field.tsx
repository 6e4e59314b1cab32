import type { ComponentChildren, Ref } from 'preact';

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ComponentChildren;
  children: ComponentChildren;
}

/** The id of a field's error text, for aria-describedby. */
export function errorId(id: string): string {
  return `${id}-error`;
}

/** Label, control and the error under it. */
function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div class={error ? 'field field--invalid' : 'field'}>
      <label class="field__label" for={id}>
        {label}
      </label>
      {children}
      {hint}
      {error && (
        <p class="field__error" id={errorId(id)}>
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  placeholder?: string;
  type?: 'text' | 'email' | 'tel' | 'number';
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  min?: number;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
}

/** A labelled text input or textarea whose error is tied to it for assistive technology. */
export function TextField({
  id,
  name,
  label,
  value,
  onValue,
  error,
  placeholder,
  type = 'text',
  multiline = false,
  autoComplete,
  inputMode,
  min,
  inputRef,
}: TextFieldProps) {
  const shared = {
    id,
    name,
    value,
    placeholder,
    class: 'field__control',
    autoComplete,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': error ? errorId(id) : undefined,
    onInput: (event: Event) => onValue((event.currentTarget as HTMLInputElement).value),
  };
  return (
    <FieldShell id={id} label={label} error={error}>
      {multiline ? (
        <textarea {...shared} ref={inputRef as Ref<HTMLTextAreaElement>} rows={5} />
      ) : (
        <input
          {...shared}
          ref={inputRef as Ref<HTMLInputElement>}
          // Preact types each input type separately; these four share every attribute used here.
          type={type as 'text'}
          inputMode={inputMode}
          min={min}
        />
      )}
    </FieldShell>
  );
}
