import { MailOutbox } from './mail-outbox';
import { MailRoutesForm } from './mail-routes-form';
import { MailTestForm } from './mail-test-form';
import { useMailStatus } from './use-mail-status';

/** `/staff/mail`: the outbox and its failures, a test mail, and who gets which lead. */
export function MailScreen() {
  const { status, failed, refresh, settle } = useMailStatus();
  if (!status) {
    return failed ? (
      <p class="staff-alert" role="alert">
        The outbox could not be loaded. Please reload the page.
      </p>
    ) : (
      <p role="status">Loading…</p>
    );
  }
  return (
    <div class="mail">
      <MailOutbox status={status} refresh={refresh} settle={settle} />
      <div class="mail__side">
        <MailTestForm status={status} settle={settle} />
        <MailRoutesForm />
      </div>
    </div>
  );
}
