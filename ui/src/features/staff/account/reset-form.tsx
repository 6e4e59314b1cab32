import { useState } from 'preact/hooks';
import { Link } from '@/components/site-link';
import { NewPassword } from '@/features/staff/shell/new-password';
import type { StaffSession } from '@/features/staff/shell/session-api';
import { LinkChecking, LinkGone, StaffAlert, SubmitButton } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { accountApi } from './account-api';

const GONE = 'This link has expired or was already used. Ask for a new one on the sign-in page.';
const UNREACHED = 'We could not reach the site. Please check your connection and try again.';

/**
 * The reset link's page: checks the link, then asks for the new password; saving it signs
 * this browser in (and every other session of the account out).
 */
export function ResetForm({
  token,
  onSignedIn,
}: {
  token: string;
  onSignedIn: (session: StaffSession) => void;
}) {
  // A page without a token has no link to check.
  const link = useStaffLoad(
    () => (token ? accountApi.checkLink(token) : Promise.resolve(null)),
    [token],
    UNREACHED,
  );
  const [password, setPassword] = useState('');
  const form = useStaffForm({
    send: () => accountApi.reset(token, password),
    done: onSignedIn,
    failure: UNREACHED,
    spendable: true,
  });

  if (token && link.loading)
    return <LinkChecking title="Choose a new password">Checking the link…</LinkChecking>;
  const gone = token ? link.error || form.spent : GONE;
  if (gone) {
    return (
      <LinkGone title="This link no longer works">
        <p role="alert">{gone}</p>
        <Link to="/login" class="staff-button staff-button--primary">
          Go to the sign-in page
        </Link>
      </LinkGone>
    );
  }
  return (
    <form class="staff-card" onSubmit={form.submit}>
      <h1 class="staff-card__title" id="reset-title">
        Choose a new password
      </h1>
      <p>At least 12 characters. Saving it signs you out everywhere else and signs you in here.</p>
      <StaffAlert message={form.error} />
      <NewPassword {...form.field('new_password', password, setPassword)} />
      <SubmitButton busy={form.busy} busyLabel="Saving…">
        Save and sign in
      </SubmitButton>
    </form>
  );
}
