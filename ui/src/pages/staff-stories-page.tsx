import { StaffScreen } from '@/features/staff/staff-screen';
import { StoryList } from '@/features/staff/story-list';
import '@/features/staff/staff.css';
import '@/features/staff/stories.css';

/** `/staff/stories`: every story the office has written, to open, search or start anew. */
export function StaffStoriesPage() {
  return (
    <StaffScreen title="Stories">
      <StoryList />
    </StaffScreen>
  );
}
