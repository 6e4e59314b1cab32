import { useEffect, useState } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { SaidLine, StaffSection, SubmitButton } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { mailApi } from './mail-api';

/**
 * "Replies are answered to": the Reply-To of every reply sent from the inbox, or, left
 * empty, the address of the staff member who wrote it.
 */
export function MailReplyAddressForm() {
  const [address, setAddress] = useState('');
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    mailApi
      .replyAddress()
      .then((body) => {
        if (!live) return;
        setAddress(body.address ?? '');
        setLoaded(true);
      })
      .catch(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  const form = useStaffForm({
    send: () => mailApi.setReplyAddress(address.trim() || null),
    done: (saved) =>
      saved.address
        ? `Replies are answered to ${saved.address}.`
        : 'Replies are answered to whoever wrote them.',
    failure: apiMessageOr('The reply address could not be saved. Please try again.'),
    fields: ['address'],
  });
  const error = form.errors.address;
  return (
    <StaffSection id="mail-reply-title" name="mail-section" title="Where answers to replies go">
      <p class="mail-section__intro">
        A reply from the inbox comes from the site's address; the visitor's answer goes to the staff member
        who wrote it, or to the address set here (a shared sales mailbox).
      </p>
      <form class="mail-test" onSubmit={form.submit} noValidate>
        <div class="staff-control mail-field">
          <label class="staff-field" for="mail-reply-address">
            <span>Answers go to (empty: whoever wrote the reply)</span>
          </label>
          <input
            id="mail-reply-address"
            type="email"
            autoComplete="email"
            value={address}
            disabled={!loaded}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'mail-reply-address-error' : undefined}
            onInput={(e) => setAddress(e.currentTarget.value)}
          />
          {error && (
            <p class="staff-control__error" id="mail-reply-address-error">
              {error}
            </p>
          )}
        </div>
        <SubmitButton busy={form.busy} busyLabel="Saving…">
          Save reply address
        </SubmitButton>
      </form>
      <SaidLine class="mail-said" message={form.said || form.error} />
    </StaffSection>
  );
}
