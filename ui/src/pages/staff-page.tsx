import { Inbox } from '@/features/staff/inbox';
import { StaffScreen } from '@/features/staff/staff-screen';
import '@/features/staff/staff.css';

/** `/staff`: the office's inbox, for a signed-in staff member (anyone else goes to /login). */
export function StaffPage() {
  return (
    <StaffScreen title="Inbox">
      <Inbox />
    </StaffScreen>
  );
}
