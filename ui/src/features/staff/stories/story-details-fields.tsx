import { ImageField } from '@/features/staff/shell/image-field';
import { described, Field } from '@/features/staff/shell/labelled-field';
import type { MediaFolder, StoryChoices, StoryForm } from './story-api';
import { TagsField } from './tags-field';
import { type SetField, storyFieldId, type TextBinding } from './use-story-draft';

interface StoryDetailsFieldsProps {
  form: StoryForm;
  choices: StoryChoices;
  errors: Record<string, string>;
  set: SetField;
  text: TextBinding;
}

/** What the story is and who wrote it: title, motive, tags, author, date, colour and images. */
export function StoryDetailsFields({ form, choices, errors, set, text }: StoryDetailsFieldsProps) {
  /** One of the story's pictures, uploaded into `folder`. */
  const picture = (name: 'author_photo' | 'image', label: string, folder: MediaFolder) => (
    <ImageField
      id={storyFieldId(name)}
      label={label}
      folder={folder}
      path={form[name]}
      error={errors[name]}
      onPath={(path) => set(name, path)}
    />
  );
  return (
    <>
      <Field id="story-title" label="Title" error={errors.title}>
        <input {...described('story-title', errors.title)} {...text('title')} required maxLength={200} />
      </Field>
      <Field id="story-motive" label="Motive (one line on why it matters)" error={errors.motive}>
        <textarea
          {...described('story-motive', errors.motive)}
          {...text('motive')}
          rows={2}
          maxLength={600}
        />
      </Field>
      <TagsField
        tags={form.tags}
        known={choices.tags}
        error={errors.tags}
        onTags={(tags) => set('tags', tags)}
      />
      <div class="story-editor__row">
        <Field id="story-author" label="Author" error={errors.author}>
          <input
            {...described('story-author', errors.author)}
            {...text('author')}
            list="story-known-authors"
          />
          <datalist id="story-known-authors">
            {choices.authors.map((author) => (
              <option key={author.name} value={author.name} />
            ))}
          </datalist>
        </Field>
        <Field id="story-date" label="Date" error={errors.date}>
          <input {...described('story-date', errors.date)} {...text('date')} type="date" />
        </Field>
        <Field id="story-color" label="Colour" error={errors.color}>
          <input
            {...described('story-color', errors.color)}
            type="color"
            value={form.color ?? '#0f3b57'}
            onInput={(event) => set('color', event.currentTarget.value)}
          />
        </Field>
      </div>
      {picture('author_photo', 'Author photo', 'authors')}
      {picture('image', 'Cover image', 'blogs')}
    </>
  );
}
