import { StaffScreen } from '@/features/staff/shell/staff-screen';
import { TrashScreen } from '@/features/staff/trash/trash-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/trash/trash.css';

/** `/staff/trash`: erased leads and deleted stories, restored or erased for good. */
export function StaffTrashPage() {
  return (
    <StaffScreen title="Trash" areas={['enquiries', 'subscribers', 'applicants', 'stories']}>
      <TrashScreen />
    </StaffScreen>
  );
}
