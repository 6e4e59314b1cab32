import { useEffect, useState } from 'preact/hooks';
import { useNavigate } from 'react-router-dom';
import { checkFieldsMessage, withoutErrorOf } from '@/features/staff/shell/field-names';
import { fromOfficeInput, officeInput } from '@/features/staff/shell/staff-format';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { type Story, type StoryChoices, type StoryForm, type StoryState, storyApi } from './story-api';

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
  format: 'html',
  state: 'draft',
  publish_at: null,
};

function fromStory(story: Story): StoryForm {
  const { _id, updated_at, updated_by, ...form } = story;
  return form;
}

/** Sets one field of the form. */
export type SetField = <K extends keyof StoryForm>(key: K, value: StoryForm[K]) => void;
/** The form's plain text fields. */
export type TextKey = 'title' | 'motive' | 'author' | 'date' | 'min_read';
/** A plain text field as an input's `value` and `onInput` (emptied, it is null). */
export type TextBinding = (key: TextKey) => {
  value: string;
  onInput: (event: { currentTarget: { value: string } }) => void;
};

/** The element id of a story field by its API name: `publish_at` -> `story-publish-at`. */
export function storyFieldId(name: string): string {
  return `story-${name.replace(/_/g, '-')}`;
}

/**
 * One story being edited (`id`, or `new`): the form, the saved version it started from, the
 * server's answers (field errors, an alert, a conflict), and the saves that move it on.
 */
export function useStoryDraft(id: string) {
  const navigate = useNavigate();
  const isNew = id === 'new';
  const [form, setForm] = useState<StoryForm>(EMPTY);
  const [saved, setSaved] = useState<Story | null>(null);
  const [choices, setChoices] = useState<StoryChoices>({ tags: [], authors: [], readers: -1 });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(isNew);
  const [scheduleAt, setScheduleAt] = useState('');

  const load = async () => {
    if (isNew) return;
    try {
      const story = await storyApi.open(id);
      setSaved(story);
      setForm(fromStory(story));
      setScheduleAt(officeInput(story.publish_at));
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

  // A changed field's message goes at once: it spoke of what was there before.
  const set: SetField = (key, value) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((was) => withoutErrorOf(was, key));
  };
  const changeScheduleAt = (value: string) => {
    setScheduleAt(value);
    setErrors((was) => withoutErrorOf(was, 'publish_at'));
  };
  const text: TextBinding = (key) => ({
    value: form[key] ?? '',
    onInput: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value || null),
  });

  /** Saves the form in `state` (publishing, scheduling and unpublishing are saves). */
  const submit = async (state: StoryState, done: string) => {
    const publish_at =
      state === 'scheduled' && scheduleAt ? (fromOfficeInput(scheduleAt)?.toISOString() ?? null) : null;
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
      setAlert(
        err.status === 422 && Object.keys(err.errors).length > 0
          ? checkFieldsMessage(err.errors, storyFieldId)
          : err.message,
      );
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

  return {
    isNew,
    form,
    set,
    text,
    saved,
    choices,
    errors,
    setErrors,
    alert,
    conflict,
    busy,
    loaded,
    scheduleAt,
    setScheduleAt: changeScheduleAt,
    load,
    submit,
    remove,
  };
}
