import { apiMessageOr } from '@/features/staff/shell/failure';
import { SaidLine } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { AccountSection } from './account-section';
import { digestApi } from './digest-api';

/**
 * The morning digest: one mail at 08:00 in the office's time zone with one's leads that are
 * new or due, and how many new ones nobody has. Off until turned on; saved as it is ticked.
 */
export function DigestSetting() {
  const setting = useStaffLoad(digestApi.get, [], () => 'The digest setting could not be loaded.');
  const on = setting.data?.on ?? null;
  const change = useStaffForm({
    send: (next: boolean) => digestApi.set(next),
    done: (saved) => {
      setting.setData(saved);
      return saved.on ? 'The morning digest is on.' : 'The morning digest is off.';
    },
    failure: apiMessageOr('That did not work. Please try again.'),
  });

  return (
    <AccountSection
      id="digest"
      title="Morning digest"
      lead="One mail at 08:00 office time, on days there is something to say: the leads given to you that are new or due for follow-up, and how many new ones nobody has yet."
    >
      <label class="digest-setting">
        <input
          type="checkbox"
          checked={on === true}
          disabled={on === null}
          onChange={(e) => change.run(e.currentTarget.checked)}
        />
        <span>Send me the morning digest</span>
      </label>
      <SaidLine class="account-section__said" message={change.said || change.error || setting.error} />
    </AccountSection>
  );
}
