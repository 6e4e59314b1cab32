import { StaffFrame } from '@/features/staff/shell/staff-frame';
import { SetupForm } from '@/features/staff/team/setup-form';
import '@/features/staff/shell/staff.css';
import '@/features/staff/account/account.css';
import '@/features/staff/team/team.css';

/** `/staff/setup?token=`: the link `corpsite serve` prints while no account exists. */
export function StaffSetupPage() {
  return (
    <StaffFrame title="Set up the first owner">
      <div class="staff-login">
        <SetupForm />
      </div>
    </StaffFrame>
  );
}
