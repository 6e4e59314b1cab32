import { useNavigate, useSearchParams } from 'react-router-dom';
import { ResetForm } from '@/features/staff/account/reset-form';
import { StaffFrame } from '@/features/staff/shell/staff-frame';
import '@/features/staff/shell/staff.css';
import '@/features/staff/account/account.css';

/** `/staff/reset?token=`: the link of a reset mail; choose a new password and be signed in. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <StaffFrame title="Choose a new password">
      <div class="staff-login">
        <ResetForm
          token={params.get('token') ?? ''}
          onSignedIn={() => navigate('/staff', { replace: true })}
        />
      </div>
    </StaffFrame>
  );
}
