interface SignInFieldProps {
  label: string;
  type: 'email' | 'password';
  name: string;
  autoComplete: 'username' | 'current-password';
  value: string;
  onInput: (value: string) => void;
}

/** A field of the sign-in forms, inside its label: what password managers fill in. */
export function SignInField({ label, type, name, autoComplete, value, onInput }: SignInFieldProps) {
  return (
    <label class="staff-field">
      <span>{label}</span>
      <input
        // The input's types take one `type` at a time; this field is either.
        type={type as 'email'}
        name={name}
        autoComplete={autoComplete}
        required
        value={value}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
    </label>
  );
}

/** The address one signs in with. */
export function SignInEmail({ value, onInput }: { value: string; onInput: (value: string) => void }) {
  return (
    <SignInField
      label="Email"
      type="email"
      name="email"
      autoComplete="username"
      value={value}
      onInput={onInput}
    />
  );
}
