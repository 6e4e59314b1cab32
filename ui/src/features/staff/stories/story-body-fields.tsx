import { useEffect, useState } from 'preact/hooks';
import { described, Field } from '@/features/staff/shell/labelled-field';
import { RichEditor } from '@/features/staff/shell/rich-editor';
import { normalizeHtml } from '@/features/staff/shell/rich-normalize';
import { ApiError } from '@/lib/api-client';
import { runtimeConfig } from '@/lib/runtime-config';
import { type StoryForm, storyApi } from './story-api';
import type { SetField, TextBinding } from './use-story-draft';

interface StoryBodyFieldsProps {
  form: StoryForm;
  errors: Record<string, string>;
  /** The reading time the server counts from the words, for the field's hint. */
  countedMinRead: string;
  set: SetField;
  /** Sets a field as the story opens: not a change of the writer's (a Markdown body shown as HTML). */
  adopt: SetField;
  text: TextBinding;
  /** The body could not be opened for editing: the body field shows why. */
  onBodyError: (message: string) => void;
}

const HINT =
  'Format with the toolbar or the keys: Ctrl+B bold, Ctrl+I italic, Ctrl+K link, Ctrl+Alt+2 heading. Drop or paste an image to add it.';

/**
 * The body: its reading time and the text itself, written formatted (the rich editor). A story
 * stored as Markdown opens formatted (the server's preview of it) and is saved as HTML from
 * then on.
 */
export function StoryBodyFields({
  form,
  errors,
  countedMinRead,
  set,
  adopt,
  text,
  onBodyError,
}: StoryBodyFieldsProps) {
  const [converted, setConverted] = useState(false);
  const markdown = form.format === 'markdown';

  useEffect(() => {
    if (!markdown) return;
    if (!form.body.trim()) {
      adopt('format', 'html');
      return;
    }
    let current = true;
    storyApi.preview(form.body, 'markdown').then(
      (preview) => {
        if (!current) return;
        adopt('body', normalizeHtml(preview.html, runtimeConfig.mediaBase));
        adopt('format', 'html');
        setConverted(true);
      },
      (err) => {
        if (current && err instanceof ApiError) onBodyError(err.errors.body ?? err.message);
      },
    );
    return () => {
      current = false;
    };
  }, [markdown, form.body]);

  const hint = converted
    ? `This story was written in Markdown; it is saved as formatted text from now on. ${HINT}`
    : HINT;
  const error = errors.body ?? errors.format;
  const ids = described('story-body', error, true)['aria-describedby'];

  return (
    <>
      <div class="story-editor__row">
        <Field
          id="story-min-read"
          label="Reading time"
          error={errors.min_read}
          hint={`Leave empty for ${countedMinRead || 'the count from the words'}.`}
        >
          <input {...described('story-min-read', errors.min_read, true)} {...text('min_read')} />
        </Field>
      </div>
      <div class={error ? 'staff-field staff-field--invalid' : 'staff-field'}>
        <span class="story-body__label" id="story-body-label">
          Body
        </span>
        {markdown && form.body.trim() ? (
          <p role="status">Opening the body…</p>
        ) : (
          <RichEditor
            id="story-body"
            value={form.body}
            onChange={(html) => {
              set('body', html);
              set('format', 'html');
            }}
            labelledBy="story-body-label"
            describedBy={ids}
            invalid={!!error}
          />
        )}
        <p class="staff-field__hint" id="story-body-hint">
          {hint}
        </p>
        {error && (
          <p class="staff-field__error" id="story-body-error">
            {error}
          </p>
        )}
      </div>
    </>
  );
}
