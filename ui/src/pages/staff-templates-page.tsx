import { TemplatesScreen } from '@/features/staff/inbox/templates-screen';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/inbox/templates.css';

/** `/staff/templates`: the reply templates of the lists the account's roles keep. */
export function StaffTemplatesPage() {
  return (
    <StaffScreen title="Reply templates" areas={['enquiries', 'applicants']}>
      <TemplatesScreen />
    </StaffScreen>
  );
}
