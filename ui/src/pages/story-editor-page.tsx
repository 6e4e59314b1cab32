import { lazy, Suspense } from 'preact/compat';
import { useLocation, useParams } from 'react-router-dom';
import { StaffScreen } from '@/features/staff/shell/staff-screen';
import { StoryEditor } from '@/features/staff/stories/story-editor';
import '@/features/staff/shell/staff.css';
import '@/features/staff/shell/editor.css';
import '@/features/staff/stories/stories.css';

/** The site's own post component, loaded with the first preview (not with the editor). */
const BlogArticle = lazy(() =>
  import('@/features/blog/blog-article').then((module) => ({ default: module.BlogArticle })),
);

/**
 * `/staff/stories/:id` (`new` for a new one): the story editor, whose preview is the site's
 * own post component fed by the server's sanitizer.
 */
export function StoryEditorPage() {
  const { id = 'new' } = useParams();
  // Another story opens a fresh editor; a new story that saved itself and took its own
  // address (`state.editing`) stays in the editor it is being typed in.
  const editing = (useLocation().state as { editing?: string } | null)?.editing;
  return (
    <StaffScreen title={id === 'new' ? 'New story' : 'Edit story'} areas={['stories']}>
      <StoryEditor
        key={editing ?? id}
        id={id}
        renderPreview={(blog) => (
          <Suspense fallback={null}>
            <BlogArticle blog={blog} />
          </Suspense>
        )}
      />
    </StaffScreen>
  );
}
