import { PasswordInput } from './password-input';

/** A new account's password field, with the hint that says what makes a good one. */
export function NewPassword({
  id,
  label,
  value,
  onInput,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string;
}) {
  return (
    <PasswordInput
      id={id}
      autoComplete="new-password"
      minLength={12}
      hint="At least 12 characters. A few words you will remember make a good one."
      label={label}
      value={value}
      onInput={onInput}
      error={error}
    />
  );
}
