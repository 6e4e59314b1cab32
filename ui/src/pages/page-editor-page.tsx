import { useParams } from 'react-router-dom';
import { PageEditor } from '@/features/staff/pages/page-editor';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/shell/editor.css';
import '@/features/staff/pages/pages.css';

/** `/staff/pages/:key`: one page's words and pictures beside the server's preview of them. */
export function PageEditorPage() {
  const { key = '' } = useParams();
  return (
    <StaffScreen title="Edit page" areas={['pages']}>
      <PageEditor key={key} pageKey={key} />
    </StaffScreen>
  );
}
