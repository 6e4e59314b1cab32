import { SettingsForm } from '@/features/staff/company-details/settings-form';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/company-details/settings.css';

/** `/staff/settings`: the company's details the public pages show, for a signed-in staff member. */
export function StaffSettingsPage() {
  return (
    <StaffScreen title="Company details" areas={['company']}>
      <SettingsForm />
    </StaffScreen>
  );
}
