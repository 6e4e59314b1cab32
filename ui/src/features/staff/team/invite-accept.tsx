import { useState } from 'preact/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { NewPassword } from '@/features/staff/shell/new-password';
import { LinkChecking, LinkGone, StaffAlert, SubmitButton } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { roleList } from './role-labels';
import { homeFor, linkApi, tokenOf } from './team-api';

/** An invite's page: who it is for, the password they choose, then their first screen. */
export function InviteAccept() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const token = tokenOf(search);
  const invite = useStaffLoad(
    () => linkApi.checkInvite(token),
    [token],
    'This invite link could not be checked. Please reload the page.',
  );
  const [password, setPassword] = useState('');
  const form = useStaffForm({
    send: () => linkApi.acceptInvite(token, password),
    done: (session) => navigate(homeFor(session.areas), { replace: true }),
    failure: 'Your account could not be made. Please try again.',
    spendable: true,
  });

  if (invite.loading) return <LinkChecking>Checking the invite…</LinkChecking>;
  if (!invite.data || form.spent) {
    return (
      <LinkGone title="This invite no longer works">
        <StaffAlert message={invite.error || form.spent} />
      </LinkGone>
    );
  }
  const { name, roles, email } = invite.data;
  return (
    <form class="staff-card" onSubmit={form.submit} noValidate aria-labelledby="invite-accept-title">
      <h1 class="staff-card__title" id="invite-accept-title">
        Join the team
      </h1>
      <p>
        Welcome, {name}. You were invited as {roleList(roles)}; you will sign in as <strong>{email}</strong>.
        Choose your password to join.
      </p>
      <StaffAlert message={form.error} />
      <NewPassword
        id="invite-password"
        label="Your password"
        hinted
        {...form.field('password', password, setPassword)}
      />
      <SubmitButton busy={form.busy} busyLabel="Joining…">
        Join the team
      </SubmitButton>
    </form>
  );
}
