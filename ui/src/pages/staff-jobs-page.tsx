import { useLocation, useParams } from 'react-router-dom';
import { JobEditor } from '@/features/staff/jobs/job-editor';
import { JobList } from '@/features/staff/jobs/job-list';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/shell/editor.css';
import '@/features/staff/stories/stories.css';

/**
 * `/staff/jobs`: every job opening, to open or start anew; `/staff/jobs/:id` (`new` for a new
 * one): an opening's editor. One page module for both, as the page editor's screens are.
 */
export function StaffJobsPage() {
  const { id } = useParams();
  // A new opening that saved itself and took its own address stays in the same editor.
  const editing = (useLocation().state as { editing?: string } | null)?.editing;
  if (!id) {
    return (
      <StaffScreen title="Job openings" areas={['jobs']}>
        <JobList />
      </StaffScreen>
    );
  }
  return (
    <StaffScreen title={id === 'new' ? 'New job opening' : 'Edit job opening'} areas={['jobs']}>
      <JobEditor key={editing ?? id} id={id} />
    </StaffScreen>
  );
}
