import { AccountScreen } from '@/features/staff/account/account-screen';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/account/account.css';

/** `/staff/account`: one's own password and sessions, for every account whatever its roles. */
export function StaffAccountPage() {
  return (
    <StaffScreen title="My account" areas={[]}>
      <AccountScreen />
    </StaffScreen>
  );
}
