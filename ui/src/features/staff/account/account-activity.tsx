import { AuditTable } from '@/features/staff/shell/audit-table';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { StaffAlert } from '@/features/staff/shell/staff-parts';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { staffApi } from '@/lib/staff-client';
import { accountActivity } from '@/lib/staff-endpoints';
import { AccountSection } from './account-section';

/**
 * The newest entries of the audit log about one's own account: its sign-ins, the tries with
 * its address, and what changed of it. A sign-in one did not make shows here first.
 */
export function AccountActivity() {
  const activity = useStaffLoad(
    (signal) => staffApi.send(accountActivity(), { signal }),
    [],
    apiMessageOr('Your account’s activity could not be loaded.'),
  );
  const entries = activity.data?.data ?? [];
  return (
    <AccountSection
      id="activity"
      title="Recent activity"
      lead="The last sign-ins and changes on your account, newest first. If one was not you, change your password above: that signs every other browser out."
    >
      <StaffAlert message={activity.error} />
      {entries.length > 0 && (
        <AuditTable entries={entries} caption="Recent activity on your account, newest first" />
      )}
      {activity.data && entries.length === 0 && <p class="inbox-empty">Nothing yet.</p>}
    </AccountSection>
  );
}
