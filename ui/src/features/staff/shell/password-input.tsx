import { useState } from 'preact/hooks';

interface PasswordInputProps {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string;
  minLength?: number;
  hint?: string;
}

/**
 * A password field with its label, a "Show password" toggle (a button with `aria-pressed`)
 * and its field message. The toggle shows what is typed; the field keeps its name and value.
 */
export function PasswordInput({
  id,
  label,
  value,
  onInput,
  autoComplete,
  error,
  minLength,
  hint,
}: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div class="staff-field password-input">
      <label for={id}>{label}</label>
      {hint && (
        <p class="password-input__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <div class="password-input__row">
        <input
          id={id}
          // The input's types take one `type` at a time; it switches between the two.
          type={(shown ? 'text' : 'password') as 'text'}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellcheck={false}
          required
          minLength={minLength}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onInput={(e) => onInput(e.currentTarget.value)}
        />
        <button
          type="button"
          class="staff-button password-input__toggle"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown(!shown)}
        >
          Show password
        </button>
      </div>
      {error && (
        <p class="staff-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
