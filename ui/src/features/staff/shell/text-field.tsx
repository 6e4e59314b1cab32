import type { Ref } from 'preact';

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
