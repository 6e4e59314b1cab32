import { PageList } from '@/features/staff/pages/page-list';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import '@/features/staff/shell/staff.css';
import '@/features/staff/pages/pages.css';

/** `/staff/pages`: the pages the office words, each to open in the page editor. */
export function StaffPagesPage() {
  return (
    <StaffScreen title="Pages" areas={['pages']}>
      <PageList />
    </StaffScreen>
  );
}
