import type { JSX } from 'preact';
import { Link } from '@/components/site-link';
import { AutosaveStatus } from '@/features/staff/shell/autosave-status';
import { EditorAlert } from '@/features/staff/shell/staff-parts';
import type { Blog } from '@/lib/api-types';
import { StoryBodyFields } from './story-body-fields';
import { StoryDetailsFields } from './story-details-fields';
import { StoryHistory } from './story-history';
import { StoryPreview } from './story-preview';
import { StoryPublishing } from './story-publishing';
import { StoryStatus } from './story-status';
import { useStoryDraft } from './use-story-draft';
import { useStoryPreview } from './use-story-preview';

interface StoryEditorProps {
  /** The story's id, or `new`. */
  id: string;
  /** Shows a post as the site does (the page passes the site's own post component). */
  renderPreview: (blog: Blog) => JSX.Element;
}

/**
 * `/staff/stories/:id`: write, preview, save, publish, schedule, unpublish or delete a story;
 * a draft saves itself, and every save is in its history.
 */
export function StoryEditor({ id, renderPreview }: StoryEditorProps) {
  const draft = useStoryDraft(id);
  const { form, saved, errors, alert, busy } = draft;
  const preview = useStoryPreview(form.body, form.format);

  if (!draft.loaded) {
    return alert ? (
      <p class="staff-alert" role="alert">
        {alert} <Link to="/staff/stories">Back to the stories</Link>
      </p>
    ) : (
      <p role="status">Loading…</p>
    );
  }

  const state = saved?.state ?? 'draft';
  return (
    <div class="staff-editor">
      <p class="staff-editor__back">
        <Link to="/staff/stories">← All stories</Link>
      </p>
      <StoryStatus state={state} saved={saved} isNew={draft.isNew}>
        <AutosaveStatus phase={draft.autosave} dirty={draft.dirty} autosaving={state === 'draft'} />
      </StoryStatus>
      <EditorAlert message={alert} conflict={draft.conflict} onReload={draft.load} />
      <div class="staff-editor__panes">
        <form
          class="staff-editor__form"
          aria-label="Story"
          onSubmit={(event) => {
            event.preventDefault();
            draft.submit(state === 'published' ? 'published' : state, 'The story is saved.');
          }}
        >
          <StoryDetailsFields
            form={form}
            choices={draft.choices}
            errors={errors}
            set={draft.set}
            text={draft.text}
          />
          <StoryBodyFields
            form={form}
            errors={errors}
            countedMinRead={preview.min_read}
            set={draft.set}
            adopt={draft.adopt}
            text={draft.text}
            onBodyError={(message) => draft.setErrors({ ...errors, body: message })}
          />
          <StoryPublishing
            state={state}
            canDelete={saved !== null}
            busy={busy}
            scheduleAt={draft.scheduleAt}
            onScheduleAt={draft.setScheduleAt}
            error={errors.publish_at}
            submit={draft.submit}
            remove={draft.remove}
            readers={draft.choices.readers}
            id={saved?._id}
          />
          {saved && (
            <StoryHistory
              id={saved._id}
              revision={saved.revision}
              dirty={draft.dirty}
              onRestored={draft.load}
            />
          )}
        </form>
        <StoryPreview form={form} preview={preview} renderPreview={renderPreview} />
      </div>
    </div>
  );
}
