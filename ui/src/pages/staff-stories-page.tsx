import { StaffScreen } from '@/features/staff/shell/staff-screen';
import { StoryList } from '@/features/staff/stories/story-list';
import '@/features/staff/shell/staff.css';
import '@/features/staff/stories/stories.css';

/** `/staff/stories`: every story the office has written, to open, search or start anew. */
export function StaffStoriesPage() {
  return (
    <StaffScreen title="Stories" areas={['stories']}>
      <StoryList />
    </StaffScreen>
  );
}
