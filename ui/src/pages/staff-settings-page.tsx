import { SettingsForm } from '@/features/staff/settings-form';
import { StaffScreen } from '@/features/staff/staff-screen';
import '@/features/staff/staff.css';
import '@/features/staff/settings.css';

/** `/staff/settings`: the company's details the public pages show, for a signed-in staff member. */
export function StaffSettingsPage() {
  return (
    <StaffScreen title="Company details">
      <SettingsForm />
    </StaffScreen>
  );
}
