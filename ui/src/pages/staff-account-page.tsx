import { AccountScreen } from '@/features/staff/account/account-screen';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/account/account.css';

/**
 * `/staff/account`: one's own password, second factor and sessions, for every account whatever
 * its roles; and where a session that must set up a second factor is sent first.
 */
export function StaffAccountPage() {
  return (
    <StaffScreen title="My account" areas={[]} setsUpFactor>
      <AccountScreen />
    </StaffScreen>
  );
}
