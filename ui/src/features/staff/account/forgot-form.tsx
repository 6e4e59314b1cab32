import { useEffect, useRef, useState } from 'preact/hooks';
import { SignInEmail } from '@/features/staff/shell/sign-in-field';
import { SaidLine, StaffAlert, SubmitButton } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { accountApi } from './account-api';

/**
 * "Forgot your password?": an address, and the server's answer (the same whether or not the
 * address has an account). `onBack` returns to the sign-in form.
 */
export function ForgotForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const form = useStaffForm({
    send: () => accountApi.forgot(email),
    done: (answer) => answer.message,
    failure: 'We could not send the link. Please check your connection and try again.',
    fields: [],
  });
  const title = useRef<HTMLHeadingElement>(null);

  // Opened from the sign-in form: the keyboard starts at the new form's title.
  useEffect(() => title.current?.focus(), []);

  return (
    <form class="staff-card" onSubmit={form.submit} aria-labelledby="forgot-title">
      <h1 class="staff-card__title" id="forgot-title" tabIndex={-1} ref={title}>
        Forgot your password?
      </h1>
      <p>Write the address you sign in with. We will mail you a link to choose a new password.</p>
      <StaffAlert message={form.error} />
      <SaidLine class="staff-notice-line" message={form.said} />
      <SignInEmail value={email} onInput={setEmail} />
      <SubmitButton busy={form.busy} busyLabel="Sending…">
        Send me a link
      </SubmitButton>
      <button type="button" class="staff-link-button" onClick={onBack}>
        Back to sign-in
      </button>
    </form>
  );
}
