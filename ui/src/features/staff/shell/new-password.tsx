import { PasswordInput } from './password-input';

interface NewPasswordProps {
  id?: string;
  label?: string;
  value: string;
  onInput: (value: string) => void;
  error?: string;
  /** Says what makes a good one (a new account's first password). */
  hinted?: boolean;
}

/** A new password's field: at least 12 characters, and what a password manager offers to make. */
export function NewPassword({
  id = 'new-password',
  label = 'New password',
  value,
  onInput,
  error,
  hinted = false,
}: NewPasswordProps) {
  return (
    <PasswordInput
      id={id}
      autoComplete="new-password"
      minLength={12}
      hint={hinted ? 'At least 12 characters. A few words you will remember make a good one.' : undefined}
      label={label}
      value={value}
      onInput={onInput}
      error={error}
    />
  );
}
