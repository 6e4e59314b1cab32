import { AnalyticsScreen } from '@/features/staff/analytics/analytics-screen';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/analytics/analytics.css';

/** `/staff/analytics`: what visitors did and what brought them, for the analytics area. */
export function StaffAnalyticsPage() {
  return (
    <StaffScreen title="Analytics" areas={['analytics']}>
      <AnalyticsScreen />
    </StaffScreen>
  );
}
