import { useState } from 'preact/hooks';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string;
}

/** A new password with a button that shows what is typed (and hides it again). */
export function PasswordField({ id, label, value, onInput, error }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const input = {
    id,
    class: 'team-input',
    autoComplete: 'new-password',
    autoCapitalize: 'off' as const,
    spellcheck: false,
    required: true,
    minLength: 12,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${hintId} ${errorId}` : hintId,
    onInput: (e: Event) => onInput((e.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class="team-password">
      <label class="team-label" for={id}>
        {label}
      </label>
      <div class="team-password__row">
        {shown ? <input type="text" {...input} /> : <input type="password" {...input} />}
        <button
          type="button"
          class="staff-button"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide password' : 'Show password'}
        </button>
      </div>
      <p class="team-hint" id={hintId}>
        At least 12 characters. A few words you will remember make a good one.
      </p>
      {error && (
        <p class="staff-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
