import { useEffect, useState } from 'preact/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { PasswordInput } from '@/features/staff/shell/password-input';
import { ApiError } from '@/lib/api-client';
import { failureText, fieldErrors } from './failure';
import { linkApi, tokenOf } from './team-api';
import { TextField } from './text-field';

type LinkState = 'checking' | 'open' | { gone: string };

/** The set-up link's page: the first owner's name, email and password, then the inbox. */
export function SetupForm() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const token = tokenOf(search);
  const [link, setLink] = useState<LinkState>('checking');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    linkApi.checkSetup(token).then(
      () => setLink('open'),
      (error) =>
        setLink({
          gone: failureText(error, 'This set-up link could not be checked. Please reload the page.'),
        }),
    );
  }, [token]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await linkApi.setUp({ token, name, email, password });
      navigate('/staff', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) setLink({ gone: error.message });
      else setErrors(fieldErrors(error, 'The account could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (link === 'checking') {
    return (
      <div class="staff-card">
        <p role="status">Checking the link…</p>
      </div>
    );
  }
  if (link !== 'open') {
    return (
      <div class="staff-card">
        <h1 class="staff-card__title">This link no longer works</h1>
        <p class="staff-alert" role="alert">
          {link.gone}
        </p>
      </div>
    );
  }
  return (
    <form class="staff-card" onSubmit={submit} noValidate aria-labelledby="setup-title">
      <h1 class="staff-card__title" id="setup-title">
        Set up the first owner
      </h1>
      <p>This account owns the site's staff side: it can invite the rest of the team. The link works once.</p>
      {errors.form && (
        <p class="staff-alert" role="alert">
          {errors.form}
        </p>
      )}
      <TextField
        id="setup-name"
        label="Your name"
        autoComplete="name"
        value={name}
        onInput={setName}
        error={errors.name}
      />
      <TextField
        id="setup-email"
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onInput={setEmail}
        error={errors.email}
      />
      <PasswordInput
        id="setup-password"
        autoComplete="new-password"
        minLength={12}
        hint="At least 12 characters. A few words you will remember make a good one."
        label="Password"
        value={password}
        onInput={setPassword}
        error={errors.password}
      />
      <button class="staff-button staff-button--primary" type="submit" disabled={busy}>
        {busy ? 'Setting up…' : 'Set up and sign in'}
      </button>
    </form>
  );
}
