import { useEffect, useState } from 'preact/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { PasswordInput } from '@/features/staff/shell/password-input';
import { ApiError } from '@/lib/api-client';
import type { InviteCheck } from '@/lib/staff-types';
import { failureText, fieldErrors } from './failure';
import { roleList } from './role-labels';
import { homeFor, linkApi, tokenOf } from './team-api';

type LinkState = 'checking' | InviteCheck | { gone: string };

function isGone(link: LinkState): link is { gone: string } {
  return typeof link === 'object' && 'gone' in link;
}

/** An invite's page: who it is for, the password they choose, then their first screen. */
export function InviteAccept() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const token = tokenOf(search);
  const [link, setLink] = useState<LinkState>('checking');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    linkApi.checkInvite(token).then(setLink, (error) =>
      setLink({
        gone: failureText(error, 'This invite link could not be checked. Please reload the page.'),
      }),
    );
  }, [token]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const session = await linkApi.acceptInvite(token, password);
      navigate(homeFor(session.areas), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) setLink({ gone: error.message });
      else setErrors(fieldErrors(error, 'Your account could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (link === 'checking') {
    return (
      <div class="staff-card">
        <p role="status">Checking the invite…</p>
      </div>
    );
  }
  if (isGone(link)) {
    return (
      <div class="staff-card">
        <h1 class="staff-card__title">This invite no longer works</h1>
        <p class="staff-alert" role="alert">
          {link.gone}
        </p>
      </div>
    );
  }
  return (
    <form class="staff-card" onSubmit={submit} noValidate aria-labelledby="invite-accept-title">
      <h1 class="staff-card__title" id="invite-accept-title">
        Join the team
      </h1>
      <p>
        Welcome, {link.name}. You were invited as {roleList(link.roles)}; you will sign in as{' '}
        <strong>{link.email}</strong>. Choose your password to join.
      </p>
      {errors.form && (
        <p class="staff-alert" role="alert">
          {errors.form}
        </p>
      )}
      <PasswordInput
        id="invite-password"
        autoComplete="new-password"
        minLength={12}
        hint="At least 12 characters. A few words you will remember make a good one."
        label="Your password"
        value={password}
        onInput={setPassword}
        error={errors.password}
      />
      <button class="staff-button staff-button--primary" type="submit" disabled={busy}>
        {busy ? 'Joining…' : 'Join the team'}
      </button>
    </form>
  );
}
