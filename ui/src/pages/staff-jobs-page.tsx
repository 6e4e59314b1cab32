import { JobList } from '@/features/staff/jobs/job-list';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/shell/editor.css';
import '@/features/staff/stories/stories.css';

/** `/staff/jobs`: every job opening, to open or start anew. */
export function StaffJobsPage() {
  return (
    <StaffScreen title="Job openings" areas={['jobs']}>
      <JobList />
    </StaffScreen>
  );
}
