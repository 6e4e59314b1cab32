import { BackupsScreen } from '@/features/staff/backups/backups-screen';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/backups/backups.css';

/** `/staff/backups`: "Back up now" and the last backup sets, for the owners. */
export function StaffBackupsPage() {
  return (
    <StaffScreen title="Backups" areas={['backups']}>
      <BackupsScreen />
    </StaffScreen>
  );
}
