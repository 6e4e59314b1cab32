import { useState } from 'preact/hooks';
import { described, Field } from '@/features/staff/shell/labelled-field';

/** Tags: the chosen ones, each removable, and a box that adds one (existing ones suggested). */
export function TagsField({
  tags,
  known,
  error,
  onTags,
}: {
  tags: string[];
  known: string[];
  error?: string;
  onTags: (tags: string[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const name = draft.trim();
    if (name && !tags.some((tag) => tag.toLowerCase() === name.toLowerCase())) onTags([...tags, name]);
    setDraft('');
  };
  return (
    <Field id="story-tags" label="Tags" error={error}>
      {tags.length > 0 && (
        <ul class="story-tags" aria-label="Chosen tags">
          {tags.map((tag) => (
            <li key={tag} class="story-tags__tag">
              {tag}
              <button
                type="button"
                class="story-tags__remove"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onTags(tags.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="story-tags__add">
        <input
          {...described('story-tags', error)}
          list="story-known-tags"
          value={draft}
          placeholder="Pick or type a tag"
          onInput={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <datalist id="story-known-tags">
          {known.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
        <button type="button" class="staff-button" onClick={add}>
          Add tag
        </button>
      </div>
    </Field>
  );
}
