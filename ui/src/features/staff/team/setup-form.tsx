import { useState } from 'preact/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { StaffAlert, SubmitButton } from '@/features/staff/shell/form-parts';
import { LinkChecking, LinkGone } from '@/features/staff/shell/link-page';
import { NewPassword } from '@/features/staff/shell/new-password';
import { TextField } from '@/features/staff/shell/text-field';
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
        value={name}
        onInput={setName}
        error={form.errors.name}
      />
      <TextField
        id="setup-email"
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onInput={setEmail}
        error={form.errors.email}
      />
      <NewPassword
        id="setup-password"
        label="Password"
        value={password}
        onInput={setPassword}
        error={form.errors.password}
      />
      <SubmitButton busy={form.busy} busyLabel="Setting up…">
        Set up and sign in
      </SubmitButton>
    </form>
  );
}
