import type { ComponentChildren } from 'preact';
import { formatTime } from '@/features/staff/shell/staff-format';
import { blogPath } from '@/lib/blog-path';
import type { Story, StoryState } from './story-api';
import { stateLabels } from './story-state';

/** Where the story stands: its state, when and by whom it was last saved, and its public page. */
export function StoryStatus({
  state,
  saved,
  isNew,
  children,
}: {
  state: StoryState;
  saved: Story | null;
  isNew: boolean;
  /** The line on the draft's own saving. */
  children?: ComponentChildren;
}) {
  return (
    <section class="staff-editor__status" aria-label="Where the story stands">
      <span class={`status-badge editor-state--${state}`}>
        {state === 'scheduled' && saved?.publish_at
          ? `Scheduled for ${formatTime(saved.publish_at)}`
          : isNew
            ? 'New story'
            : stateLabels[state]}
      </span>
      {saved && (
        <span class="staff-editor__saved">
          Last saved {formatTime(saved.updated_at)}
          {saved.updated_by ? ` by ${saved.updated_by}` : ''}
        </span>
      )}
      {children}
      {saved?.state === 'published' && (
        <a href={blogPath(saved._id)} target="_blank" rel="noopener">
          View on the site
        </a>
      )}
    </section>
  );
}
