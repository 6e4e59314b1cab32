import { StaffAlert } from '@/features/staff/shell/staff-parts';
import { MailOutbox } from './mail-outbox';
import { MailReplyAddressForm } from './mail-reply-address-form';
import { MailRoutesForm } from './mail-routes-form';
import { MailTestForm } from './mail-test-form';
import { useMailStatus } from './use-mail-status';

/** `/staff/mail`: the outbox and its failures, a test mail, and who gets which lead. */
export function MailScreen() {
  const { status, failure, refresh, settle } = useMailStatus();
  if (!status) return failure ? <StaffAlert message={failure} /> : <p role="status">Loading…</p>;
  return (
    <div class="staff-columns mail">
      <MailOutbox status={status} refresh={refresh} settle={settle} />
      <div class="mail__side">
        <MailTestForm status={status} settle={settle} />
        <MailRoutesForm />
        <MailReplyAddressForm />
      </div>
    </div>
  );
}
