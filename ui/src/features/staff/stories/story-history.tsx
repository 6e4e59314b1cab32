import { RevisionHistory } from '@/features/staff/shell/revision-history';
import { storyApi } from './story-api';
import { stateLabels } from './story-state';

interface StoryHistoryProps {
  id: string;
  /** The revision the editor holds: the list is read again when it moves. */
  revision: number;
  /** The form has changes a restore would replace. */
  dirty: boolean;
  /** After a restore: open the story again as the server now holds it. */
  onRestored: () => void;
}

/** The story's saves (`RevisionHistory`): each line's state and words, a save shown as the post reads. */
export function StoryHistory({ id, revision, dirty, onRestored }: StoryHistoryProps) {
  return (
    <RevisionHistory
      key={id}
      revision={revision}
      dirty={dirty}
      list={() => storyApi.revisions(id)}
      facts={(line) => `${stateLabels[line.state]} · ${line.words.toLocaleString()} words`}
      open={async (number) => {
        const data = await storyApi.revision(id, number);
        const html = data.form.body.trim()
          ? (await storyApi.preview(data.form.body, data.form.format)).html
          : '';
        return { ...data, html };
      }}
      render={(shown) => (
        <>
          <h3 class="story-version__title">{shown.form.title || 'Untitled story'}</h3>
          {shown.form.motive && <p class="revision-version__who">{shown.form.motive}</p>}
          {/* The server's own sanitized rendering of the saved body. */}
          <div
            class="revision-version__body blog-detail__content"
            dangerouslySetInnerHTML={{ __html: shown.html }}
          />
        </>
      )}
      restore={(number, at) => storyApi.restore(id, number, at)}
      onRestored={onRestored}
    />
  );
}
