import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/site-link';
import { formatTime } from '@/features/staff/shell/staff-format';
import { ApiError } from '@/lib/api-client';
import type { Blog } from '@/lib/api-types';
import { mediaUrl } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';
import {
  type MediaFolder,
  type Story,
  type StoryChoices,
  type StoryForm,
  type StoryState,
  storyApi,
} from './story-api';
import { stateLabels } from './story-state';

const EMPTY: StoryForm = {
  title: '',
  motive: '',
  tags: [],
  author: null,
  author_photo: null,
  date: null,
  color: null,
  image: null,
  min_read: null,
  body: '',
  format: 'markdown',
  state: 'draft',
  publish_at: null,
};

/** How long the body rests before the preview asks the server again. */
const PREVIEW_DELAY_MS = 400;
const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/svg+xml';

/** `2026-11-24T04:00:00Z` as a `datetime-local` value in the reader's own time zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

function fromStory(story: Story): StoryForm {
  const { _id, updated_at, updated_by, ...form } = story;
  return form;
}

/** What the preview shows: the form as the site's own post would carry it. */
function previewBlog(form: StoryForm, html: string, minRead: string): Blog {
  return {
    _id: 'preview',
    title: form.title || 'Untitled story',
    motive: form.motive,
    content: html,
    blog_image: form.image,
    blog_image_set: null,
    content_images: [],
    date: form.date ? `${form.date}T00:00:00.000Z` : new Date().toISOString(),
    min_read: form.min_read || minRead,
    color: form.color || '#0f3b57',
    tags: form.tags.map((name) => ({ name })),
    written_by: form.author
      ? { name: form.author, profile_photo: form.author_photo, profile_photo_set: null }
      : null,
  };
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ComponentChildren;
}) {
  return (
    <div class={error ? 'staff-field staff-field--invalid' : 'staff-field'}>
      <label for={id}>{label}</label>
      {children}
      {hint && (
        <p class="staff-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="staff-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The ARIA of a control whose field may be in error. */
function described(id: string, error?: string, hint?: boolean) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

/** An image field: what is chosen now, and a file to pick or drop in its place. */
function ImageField({
  id,
  label,
  path,
  folder,
  error,
  onPath,
}: {
  id: string;
  label: string;
  path: string | null;
  folder: MediaFolder;
  error?: string;
  onPath: (path: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem('');
    try {
      onPath(await storyApi.upload(file, folder));
    } catch (err) {
      if (err instanceof ApiError) setProblem(err.errors.file ?? err.message);
    } finally {
      setBusy(false);
    }
  };
  const shown = problem || error;
  return (
    <div class={shown ? 'staff-field staff-field--invalid story-image' : 'staff-field story-image'}>
      <label for={id}>{label}</label>
      {path ? (
        <img class="story-image__thumb" src={mediaUrl(path)} alt="" width={160} height={90} />
      ) : (
        <p class="story-image__none">No image yet. Pick a file, or drop one on the file button.</p>
      )}
      <div class="story-image__actions">
        <input
          {...described(id, shown)}
          type="file"
          accept={IMAGE_TYPES}
          disabled={busy}
          onChange={(event) => upload(event.currentTarget.files?.[0])}
        />
        {path && (
          <button type="button" class="staff-button" onClick={() => onPath(null)}>
            Remove {label.toLowerCase()}
          </button>
        )}
      </div>
      {busy && <p role="status">Uploading…</p>}
      {shown && (
        <p class="staff-field__error" id={`${id}-error`}>
          {shown}
        </p>
      )}
    </div>
  );
}

/** Tags: the chosen ones, each removable, and a box that adds one (existing ones suggested). */
function TagsField({
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

interface StoryEditorProps {
  /** The story's id, or `new`. */
  id: string;
  /** Shows a post as the site does (the page passes the site's own post component). */
  renderPreview: (blog: Blog) => JSX.Element;
}

/** `/staff/stories/:id`: write, preview, save, publish, schedule, unpublish or delete a story. */
export function StoryEditor({ id, renderPreview }: StoryEditorProps) {
  const navigate = useNavigate();
  const isNew = id === 'new';
  const [form, setForm] = useState<StoryForm>(EMPTY);
  const [saved, setSaved] = useState<Story | null>(null);
  const [choices, setChoices] = useState<StoryChoices>({ tags: [], authors: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(isNew);
  const [preview, setPreview] = useState({ html: '', min_read: '' });
  const [scheduleAt, setScheduleAt] = useState('');
  const body = useRef<HTMLTextAreaElement>(null);

  const load = async () => {
    if (isNew) return;
    try {
      const story = await storyApi.open(id);
      setSaved(story);
      setForm(fromStory(story));
      setScheduleAt(localInput(story.publish_at));
      setConflict(false);
      setAlert('');
      setLoaded(true);
    } catch (err) {
      if (err instanceof ApiError) setAlert(err.message);
    }
  };

  useEffect(() => {
    load();
    storyApi.choices().then(setChoices, () => {});
  }, [id]);

  useEffect(() => {
    if (!form.body.trim()) {
      setPreview({ html: '', min_read: '' });
      return;
    }
    const timer = setTimeout(() => {
      storyApi.preview(form.body, form.format).then(setPreview, () => {});
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form.body, form.format]);

  const set = <K extends keyof StoryForm>(key: K, value: StoryForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = (key: 'title' | 'motive' | 'author' | 'date' | 'min_read') => ({
    value: form[key] ?? '',
    onInput: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value || null),
  });

  /** Saves the form in `state` (publishing, scheduling and unpublishing are saves). */
  const submit = async (state: StoryState, done: string) => {
    const publish_at = state === 'scheduled' && scheduleAt ? new Date(scheduleAt).toISOString() : null;
    const sent: StoryForm = { ...form, state, publish_at, title: form.title, motive: form.motive };
    setBusy(true);
    setErrors({});
    setAlert('');
    try {
      const answer = saved
        ? await storyApi.save(saved._id, { ...sent, revision: saved.revision })
        : await storyApi.create(sent);
      toast.success(done);
      if (isNew) {
        navigate(`/staff/stories/${answer.data._id}`, { replace: true });
      } else {
        await load();
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setErrors(err.errors);
      setAlert(err.message);
      setConflict(err.status === 409);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!saved) return;
    if (
      !window.confirm(`Delete “${saved.title}” for good? Its images go too, unless another story uses them.`)
    ) {
      return;
    }
    try {
      await storyApi.remove(saved._id, saved.revision);
      toast.success('The story is deleted.');
      navigate('/staff/stories');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setAlert(err.message);
      setConflict(err.status === 409);
    }
  };

  const insertImage = async (file: File | undefined) => {
    if (!file) return;
    try {
      const path = await storyApi.upload(file, 'blogs');
      const snippet = form.format === 'markdown' ? `\n![](${path})\n` : `\n<img src="${path}" alt="">\n`;
      const area = body.current;
      const at = area ? area.selectionStart : form.body.length;
      set('body', form.body.slice(0, at) + snippet + form.body.slice(at));
    } catch (err) {
      if (err instanceof ApiError) setErrors({ ...errors, body: err.errors.file ?? err.message });
    }
  };

  if (!loaded) {
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
    <div class="story-editor">
      <p class="story-editor__back">
        <Link to="/staff/stories">← All stories</Link>
      </p>
      <section class="story-editor__status" aria-label="Where the story stands">
        <span class={`status-badge story-state--${state}`}>
          {state === 'scheduled' && saved?.publish_at
            ? `Scheduled for ${formatTime(saved.publish_at)}`
            : isNew
              ? 'New story'
              : stateLabels[state]}
        </span>
        {saved && (
          <span class="story-editor__saved">
            Last saved {formatTime(saved.updated_at)}
            {saved.updated_by ? ` by ${saved.updated_by}` : ''}
          </span>
        )}
        {saved?.state === 'published' && (
          <a href={`/blogs/detail/${saved._id}`} target="_blank" rel="noopener">
            View on the site
          </a>
        )}
      </section>
      {alert && (
        <div class="staff-alert" role="alert">
          <p>{alert}</p>
          {conflict && (
            <button type="button" class="staff-button" onClick={load}>
              Load the saved version
            </button>
          )}
        </div>
      )}
      <div class="story-editor__panes">
        <form
          class="story-editor__form"
          aria-label="Story"
          onSubmit={(event) => {
            event.preventDefault();
            submit(state === 'published' ? 'published' : state, 'The story is saved.');
          }}
        >
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
          <ImageField
            id="story-author-photo"
            label="Author photo"
            folder="authors"
            path={form.author_photo}
            error={errors.author_photo}
            onPath={(path) => set('author_photo', path)}
          />
          <ImageField
            id="story-image"
            label="Cover image"
            folder="blogs"
            path={form.image}
            error={errors.image}
            onPath={(path) => set('image', path)}
          />
          <div class="story-editor__row">
            <Field id="story-format" label="Body format" error={errors.format}>
              <select
                {...described('story-format', errors.format)}
                value={form.format}
                onChange={(event) =>
                  set('format', event.currentTarget.value === 'html' ? 'html' : 'markdown')
                }
              >
                <option value="markdown">Markdown</option>
                <option value="html">HTML</option>
              </select>
            </Field>
            <Field
              id="story-min-read"
              label="Reading time"
              error={errors.min_read}
              hint={`Leave empty for ${preview.min_read || 'the count from the words'}.`}
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
          <fieldset class="story-editor__publish">
            <legend>Publishing</legend>
            <Field id="story-publish-at" label="Go public at (your time)" error={errors.publish_at}>
              <input
                {...described('story-publish-at', errors.publish_at)}
                type="datetime-local"
                value={scheduleAt}
                onInput={(event) => setScheduleAt(event.currentTarget.value)}
              />
            </Field>
            <div class="story-editor__actions">
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
                      if (
                        window.confirm(
                          'Unpublish this story? It leaves the site until it is published again.',
                        )
                      ) {
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
              {saved && (
                <button
                  type="button"
                  class="staff-button staff-button--danger"
                  disabled={busy}
                  onClick={remove}
                >
                  Delete
                </button>
              )}
            </div>
          </fieldset>
        </form>
        <section class="story-editor__preview" aria-label="Preview">
          <h2 class="story-editor__preview-title">Preview</h2>
          {form.body.trim() ? (
            renderPreview(previewBlog(form, preview.html, preview.min_read))
          ) : (
            <p>The preview shows the story as visitors will see it, once it has a body.</p>
          )}
        </section>
      </div>
    </div>
  );
}
