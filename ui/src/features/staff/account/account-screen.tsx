import { useState } from 'preact/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { reaches, useRefreshSession, useStaffSession } from '@/features/staff/shell/staff-session';
import { AccountActivity } from './account-activity';
import { AccountSessions } from './account-sessions';
import { DigestSetting } from './digest-setting';
import { returnPath } from './login-form';
import { PasswordForm } from './password-form';
import { SecondFactor } from './second-factor';

/** What a password change did, said once it is done. */
export function changedSaying(removedPasskeys: number): string {
  const removed =
    removedPasskeys === 0
      ? ''
      : removedPasskeys === 1
        ? ' The passkey you ticked was removed.'
        : ` The ${removedPasskeys} passkeys you ticked were removed.`;
  return `Your password was changed. Your other sessions were signed out.${removed}`;
}

/**
 * `/staff/account`: one's password, second factor and sessions; an owner sees everyone's
 * sessions too. A session that must set up a second factor sees only that, then goes on.
 */
export function AccountScreen() {
  const session = useStaffSession();
  const refresh = useRefreshSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [changed, setChanged] = useState('');
  const [version, setVersion] = useState(0);
  const [passwordChanges, setPasswordChanges] = useState(0);
  const settingUp = session.second_factor === 'set_up';

  const setUp = async () => {
    const next = returnPath(search);
    // The same screen stays: it shows the whole page for the session now done.
    if (next.startsWith('/staff/account')) await refresh().catch(() => null);
    else navigate(next, { replace: true });
  };

  if (settingUp) {
    return (
      <div class="account">
        <p class="account__who">
          {session.name} · {session.email}
        </p>
        <SecondFactor email={session.email} settingUp onSetUp={setUp} />
      </div>
    );
  }
  return (
    <div class="account">
      <p class="account__who">
        {session.name} · {session.email}
      </p>
      <div class="account-password">
        <PasswordForm
          oneTime={false}
          layout="section"
          onChanged={(_, removed) => {
            setChanged(changedSaying(removed));
            setVersion((v) => v + 1);
            setPasswordChanges((n) => n + 1);
          }}
        />
        <p class="account-section__said" role="status">
          {changed}
        </p>
      </div>
      {/* Drawn again after a password change: the passkeys it removed are gone. */}
      <SecondFactor key={passwordChanges} email={session.email} settingUp={false} onSetUp={() => {}} />
      <DigestSetting />
      <AccountActivity />
      <AccountSessions everyone={false} version={version} onEnded={() => setVersion((v) => v + 1)} />
      {reaches(session, ['team']) && (
        <AccountSessions everyone version={version} onEnded={() => setVersion((v) => v + 1)} />
      )}
    </div>
  );
}
