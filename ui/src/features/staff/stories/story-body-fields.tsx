import { useRef } from 'preact/hooks';
import { ApiError } from '@/lib/api-client';
import { IMAGE_TYPES } from './image-field';
import { type StoryForm, storyApi } from './story-api';
import { described, Field } from './story-field';
import type { SetField, TextBinding } from './use-story-draft';

interface StoryBodyFieldsProps {
  form: StoryForm;
  errors: Record<string, string>;
  /** The reading time the server counts from the words, for the field's hint. */
  countedMinRead: string;
  set: SetField;
  text: TextBinding;
  /** An image could not be added to the body: the body field shows why. */
  onBodyError: (message: string) => void;
}

/** The body: its format, its reading time, the text itself, and images put into it. */
export function StoryBodyFields({
  form,
  errors,
  countedMinRead,
  set,
  text,
  onBodyError,
}: StoryBodyFieldsProps) {
  const body = useRef<HTMLTextAreaElement>(null);

  /** Uploads `file` and writes its image where the cursor stands in the body. */
  const insertImage = async (file: File | undefined) => {
    if (!file) return;
    try {
      const path = await storyApi.upload(file, 'blogs');
      const snippet = form.format === 'markdown' ? `\n![](${path})\n` : `\n<img src="${path}" alt="">\n`;
      const area = body.current;
      const at = area ? area.selectionStart : form.body.length;
      set('body', form.body.slice(0, at) + snippet + form.body.slice(at));
    } catch (err) {
      if (err instanceof ApiError) onBodyError(err.errors.file ?? err.message);
    }
  };

  return (
    <>
      <div class="story-editor__row">
        <Field id="story-format" label="Body format" error={errors.format}>
          <select
            {...described('story-format', errors.format)}
            value={form.format}
            onChange={(event) => set('format', event.currentTarget.value === 'html' ? 'html' : 'markdown')}
          >
            <option value="markdown">Markdown</option>
            <option value="html">HTML</option>
          </select>
        </Field>
        <Field
          id="story-min-read"
          label="Reading time"
          error={errors.min_read}
          hint={`Leave empty for ${countedMinRead || 'the count from the words'}.`}
        >
          <input {...described('story-min-read', errors.min_read, true)} {...text('min_read')} />
        </Field>
      </div>
      <Field
        id="story-body"
        label="Body"
        error={errors.body}
        hint="Markdown: ## for a heading, **bold**, [a link](https://…). Drop an image here to add it."
      >
        <textarea
          {...described('story-body', errors.body, true)}
          ref={body}
          class="story-editor__body"
          value={form.body}
          rows={18}
          onInput={(event) => set('body', event.currentTarget.value)}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            insertImage(event.dataTransfer?.files[0]);
          }}
        />
      </Field>
      <label class="staff-field story-editor__insert">
        <span>Insert an image into the body</span>
        <input
          type="file"
          accept={IMAGE_TYPES}
          onChange={(event) => {
            insertImage(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
      </label>
    </>
  );
}
