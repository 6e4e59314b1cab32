import { AuditLog } from '@/features/staff/audit/audit-log';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/audit/audit.css';

/** `/staff/audit`: the audit log, for the team area. */
export function StaffAuditPage() {
  return (
    <StaffScreen title="Audit log" areas={['team']}>
      <AuditLog />
    </StaffScreen>
  );
}
