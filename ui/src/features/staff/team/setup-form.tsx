import { useState } from 'preact/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { NewPassword } from '@/features/staff/shell/new-password';
import {
  EmailField,
  LinkChecking,
  LinkGone,
  StaffAlert,
  SubmitButton,
  TextField,
} from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { linkApi, tokenOf } from './team-api';

/** The set-up link's page: the first owner's name, email and password, then the inbox. */
export function SetupForm() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const token = tokenOf(search);
  const link = useStaffLoad(
    () => linkApi.checkSetup(token),
    [token],
    'This set-up link could not be checked. Please reload the page.',
  );
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useStaffForm({
    send: () => linkApi.setUp({ token, name, email, password }),
    done: () => navigate('/staff', { replace: true }),
    failure: 'The account could not be made. Please try again.',
    spendable: true,
  });

  if (link.loading) return <LinkChecking>Checking the link…</LinkChecking>;
  if (link.error || form.spent) {
    return (
      <LinkGone title="This link no longer works">
        <StaffAlert message={link.error || form.spent} />
      </LinkGone>
    );
  }
  return (
    <form class="staff-card" onSubmit={form.submit} noValidate aria-labelledby="setup-title">
      <h1 class="staff-card__title" id="setup-title">
        Set up the first owner
      </h1>
      <p>This account owns the site's staff side: it can invite the rest of the team. The link works once.</p>
      <StaffAlert message={form.error} />
      <TextField
        id="setup-name"
        label="Your name"
        autoComplete="name"
        {...form.field('name', name, setName)}
      />
      <EmailField id="setup-email" autoComplete="username" {...form.field('email', email, setEmail)} />
      <NewPassword
        id="setup-password"
        label="Password"
        hinted
        {...form.field('password', password, setPassword)}
      />
      <SubmitButton busy={form.busy} busyLabel="Setting up…">
        Set up and sign in
      </SubmitButton>
    </form>
  );
}
