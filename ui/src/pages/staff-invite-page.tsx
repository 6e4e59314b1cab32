import { StaffFrame } from '@/features/staff/shell/staff-frame';
import { InviteAccept } from '@/features/staff/team/invite-accept';
import '@/features/staff/shell/staff.css';
import '@/features/staff/account/account.css';
import '@/features/staff/team/team.css';

/** `/staff/invite?token=`: the link of an invite mail; choose a password and join the team. */
export function StaffInvitePage() {
  return (
    <StaffFrame title="Join the team">
      <div class="staff-login">
        <InviteAccept />
      </div>
    </StaffFrame>
  );
}
