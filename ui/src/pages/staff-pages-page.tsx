import { useParams } from 'react-router-dom';
import { PageEditor } from '@/features/staff/pages/page-editor';
import { PageList } from '@/features/staff/pages/page-list';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/shell/editor.css';
import '@/features/staff/pages/pages.css';

/**
 * `/staff/pages`: the pages the office words; `/staff/pages/:key`: one page's words and
 * pictures beside the server's preview of them. One module for both: each page module more
 * is one more entry in the preload map every public page loads.
 */
export function StaffPagesPage() {
  const { key } = useParams();
  return (
    <StaffScreen title={key ? 'Edit page' : 'Pages'} areas={['pages']}>
      {key ? <PageEditor key={key} pageKey={key} /> : <PageList />}
    </StaffScreen>
  );
}
