interface CodeFieldProps {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string;
  hint?: string;
}

/**
 * A one-time code's field: what an authenticator app shows (the browser may offer it:
 * `one-time-code`), or a recovery code, which has letters (so a text keyboard, not digits).
 * Spaces are kept as pasted; the server reads the code with or without them.
 */
export function CodeField({ id, label, value, onInput, error, hint }: CodeFieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div class="staff-field code-field">
      <label for={id}>{label}</label>
      {hint && (
        <p class="code-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        type="text"
        name="code"
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellcheck={false}
        required
        maxLength={64}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      {error && (
        <p class="staff-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
