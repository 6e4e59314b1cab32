import { useLocation, useParams } from 'react-router-dom';
import { JobEditor } from '@/features/staff/jobs/job-editor';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/shell/editor.css';
import '@/features/staff/stories/stories.css';

/** `/staff/jobs/:id` (`new` for a new one): an opening's editor. */
export function JobEditorPage() {
  const { id = 'new' } = useParams();
  // A new opening that saved itself and took its own address stays in the same editor.
  const editing = (useLocation().state as { editing?: string } | null)?.editing;
  return (
    <StaffScreen title={id === 'new' ? 'New job opening' : 'Edit job opening'} areas={['jobs']}>
      <JobEditor key={editing ?? id} id={id} />
    </StaffScreen>
  );
}
