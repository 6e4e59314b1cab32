import { StaffScreen } from '@/features/staff/shell/staff-screen';
import { Team } from '@/features/staff/team/team';
import '@/features/staff/shell/staff.css';
import '@/features/staff/team/team.css';

/** `/staff/team`: the team's accounts and roles, invites, and removing a leaver (owners). */
export function StaffTeamPage() {
  return (
    <StaffScreen title="Team" areas={['team']}>
      <Team />
    </StaffScreen>
  );
}
