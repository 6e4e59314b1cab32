import { described, Field } from '@/features/staff/shell/labelled-field';
import { zoneName } from '@/features/staff/shell/staff-format';
import type { StoryState } from './story-api';
import { readersLine, StoryMailStats } from './story-mail';

interface StoryPublishingProps {
  /** Where the saved story stands (a new one is a draft). */
  state: StoryState;
  /** The story is saved, so it can be deleted. */
  canDelete: boolean;
  busy: boolean;
  scheduleAt: string;
  onScheduleAt: (value: string) => void;
  error?: string;
  submit: (state: StoryState, done: string) => void;
  remove: () => void;
  /** Confirmed readers a publication mails (negative until known). */
  readers?: number;
  /** The saved story's id, for its mail counts once published. */
  id?: string;
}

/** When the story goes public, and the buttons that save it in each state (or delete it). */
export function StoryPublishing({
  state,
  canDelete,
  busy,
  scheduleAt,
  onScheduleAt,
  error,
  submit,
  remove,
  readers = -1,
  id,
}: StoryPublishingProps) {
  return (
    <fieldset class="staff-editor__publish">
      <legend>Publishing</legend>
      {state === 'published' && id ? (
        <StoryMailStats id={id} />
      ) : (
        readers >= 0 && <p class="story-editor__reach">{readersLine(readers)}</p>
      )}
      <Field
        id="story-publish-at"
        label={`Go public at (office time, ${zoneName(new Date())})`}
        error={error}
      >
        <input
          {...described('story-publish-at', error)}
          type="datetime-local"
          value={scheduleAt}
          onInput={(event) => onScheduleAt(event.currentTarget.value)}
        />
      </Field>
      <div class="staff-editor__actions">
        {state === 'published' ? (
          <>
            <button type="submit" class="staff-button staff-button--primary" disabled={busy}>
              Save changes
            </button>
            <button
              type="button"
              class="staff-button"
              disabled={busy}
              onClick={() => {
                if (window.confirm('Unpublish this story? It leaves the site until it is published again.')) {
                  submit('draft', 'The story is unpublished: it is a draft again.');
                }
              }}
            >
              Unpublish
            </button>
          </>
        ) : (
          <>
            <button type="submit" class="staff-button" disabled={busy}>
              {state === 'scheduled' ? 'Save' : 'Save draft'}
            </button>
            <button
              type="button"
              class="staff-button"
              disabled={busy}
              onClick={() => submit('scheduled', 'The story is scheduled.')}
            >
              Schedule
            </button>
            {state === 'scheduled' && (
              <button
                type="button"
                class="staff-button"
                disabled={busy}
                onClick={() => submit('draft', 'The story is a draft again.')}
              >
                Back to draft
              </button>
            )}
            <button
              type="button"
              class="staff-button staff-button--primary"
              disabled={busy}
              onClick={() => submit('published', 'The story is published.')}
            >
              Publish now
            </button>
          </>
        )}
        {canDelete && (
          <button type="button" class="staff-button staff-button--danger" disabled={busy} onClick={remove}>
            Delete
          </button>
        )}
      </div>
    </fieldset>
  );
}
