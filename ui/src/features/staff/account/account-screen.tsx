import { useState } from 'preact/hooks';
import { reaches, useStaffSession } from '@/features/staff/shell/staff-session';
import { AccountSessions } from './account-sessions';
import { PasswordForm } from './password-form';

/** `/staff/account`: one's password and sessions; an owner sees everyone's sessions too. */
export function AccountScreen() {
  const session = useStaffSession();
  const [changed, setChanged] = useState('');
  const [version, setVersion] = useState(0);
  return (
    <div class="account">
      <p class="account__who">
        {session.name} · {session.email}
      </p>
      <div class="account-password">
        <PasswordForm
          oneTime={false}
          layout="section"
          onChanged={() => {
            setChanged('Your password was changed. Your other sessions were signed out.');
            setVersion((v) => v + 1);
          }}
        />
        <p class="account-section__said" role="status">
          {changed}
        </p>
      </div>
      <AccountSessions everyone={false} version={version} onEnded={() => setVersion((v) => v + 1)} />
      {reaches(session, ['team']) && (
        <AccountSessions everyone version={version} onEnded={() => setVersion((v) => v + 1)} />
      )}
    </div>
  );
}
