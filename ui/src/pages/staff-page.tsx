import { Inbox } from '@/features/staff/inbox/inbox';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/inbox/inbox.css';
import '@/features/staff/inbox/bulk.css';

/** `/staff`: the office's inbox, for a signed-in staff member (anyone else goes to /login). */
export function StaffPage() {
  return (
    <StaffScreen title="Inbox" areas={['enquiries', 'subscribers', 'applicants']}>
      <Inbox />
    </StaffScreen>
  );
}
