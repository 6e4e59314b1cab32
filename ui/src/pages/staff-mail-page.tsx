import { MailScreen } from '@/features/staff/mail/mail-screen';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/mail/mail.css';

/** `/staff/mail`: the outbox, a test mail and who gets which lead, for the mail area. */
export function StaffMailPage() {
  return (
    <StaffScreen title="Mail" areas={['mail']}>
      <MailScreen />
    </StaffScreen>
  );
}
