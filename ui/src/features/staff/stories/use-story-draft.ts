import { useEffect, useRef, useState } from 'preact/hooks';
import { useNavigate } from 'react-router-dom';
import { autosaveOnce, refusalMessage, withoutErrorOf } from '@/features/staff/shell/field-names';
import { fromOfficeInput, officeInput } from '@/features/staff/shell/staff-format';
import { useAutosave } from '@/features/staff/shell/use-autosave';
import { leaveWithoutAsking, useLeaveGuard } from '@/features/staff/shell/use-leave-guard';
import { useSaveQueue } from '@/features/staff/shell/use-save-queue';
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
  const { _id, updated_at, updated_by, revision, ...form } = story;
  return form;
}

/** The form differs from what the server holds (the same fields, compared by value). */
function differs(form: StoryForm, held: StoryForm): boolean {
  return (Object.keys(EMPTY) as (keyof StoryForm)[]).some(
    (key) => JSON.stringify(form[key]) !== JSON.stringify(held[key]),
  );
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
 * server's answers (field errors, an alert, a conflict), and the saves that move it on. A
 * draft saves itself once typing rests (`useAutosave`); every save, by hand or by itself,
 * goes through one queue and names the revision the last one answered, so two tabs still
 * meet the conflict answer and one tab never meets itself.
 */
export function useStoryDraft(id: string) {
  const navigate = useNavigate();
  const isNew = id === 'new';
  const [form, setForm] = useState<StoryForm>(EMPTY);
  // What the server holds: the form as last loaded or saved.
  const [held, setHeld] = useState<StoryForm>(EMPTY);
  const [saved, setSaved] = useState<Story | null>(null);
  const [choices, setChoices] = useState<StoryChoices>({ tags: [], authors: [], readers: -1 });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(isNew);
  const [scheduleAt, setScheduleAt] = useState('');
  // The saved story's id and revision as the last save answered: a save queued behind
  // another names the revision that one made.
  const current = useRef<{ id: string; revision: number } | null>(null);
  const queued = useSaveQueue();
  // A story this editor created by itself: opening its address must not reload the form
  // over what was typed since.
  const created = useRef('');

  const load = async () => {
    if (isNew) return;
    try {
      const story = await storyApi.open(id);
      current.current = { id: story._id, revision: story.revision };
      setSaved(story);
      const opened = fromStory(story);
      setForm(opened);
      setHeld(opened);
      setScheduleAt(officeInput(story.publish_at));
      setConflict(false);
      setAlert('');
      setErrors({});
      setLoaded(true);
    } catch (err) {
      if (err instanceof ApiError) setAlert(err.message);
    }
  };

  /** After a save the form stays as typed: only the saved story's facts are read again. */
  const reread = async (storyId: string) => {
    try {
      const story = await storyApi.open(storyId);
      current.current = { id: story._id, revision: story.revision };
      setSaved(story);
    } catch {
      // The status line keeps the old facts; the next save reads them again.
    }
  };

  useEffect(() => {
    if (created.current === id) {
      setLoaded(true);
      return;
    }
    load();
    storyApi.choices().then(setChoices, () => {});
  }, [id]);

  // A changed field's message goes at once: it spoke of what was there before.
  const set: SetField = (key, value) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((was) => withoutErrorOf(was, key));
  };
  // A field set as the story opens (its Markdown body shown as HTML): what the server holds
  // moves with it, so it is no change to save or to ask about on leaving.
  const adopt: SetField = (key, value) => {
    setForm((f) => ({ ...f, [key]: value }));
    setHeld((h) => ({ ...h, [key]: value }));
  };
  const changeScheduleAt = (value: string) => {
    setScheduleAt(value);
    setErrors((was) => withoutErrorOf(was, 'publish_at'));
  };
  const text: TextBinding = (key) => ({
    value: form[key] ?? '',
    onInput: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value || null),
  });

  /** Sends `sent` as a save of the current story (or creates it); answers the story's id. */
  const send = async (sent: StoryForm, autosave: boolean) => {
    const at = current.current;
    const answer = at
      ? await storyApi.save(at.id, { ...sent, revision: at.revision, autosave })
      : await storyApi.create(sent);
    current.current = { id: answer.data._id, revision: answer.data.revision };
    setHeld(sent);
    return answer.data._id;
  };

  const dirty = loaded && differs(form, held);
  // A draft saves itself within seconds; until then, and on a story that waits for its
  // button, leaving asks first.
  useLeaveGuard(dirty);
  const draftState = saved ? saved.state : 'draft';
  // Only a draft saves itself (a published story changes on the site only when asked), and
  // a new one once it has a title and a body to be saved with.
  const autosaving =
    loaded &&
    !conflict &&
    draftState === 'draft' &&
    (saved !== null || (!!form.title.trim() && !!form.body.trim()));

  const { phase, savedNow } = useAutosave({
    enabled: autosaving,
    dirty,
    change: form,
    save: () =>
      queued(() =>
        autosaveOnce(
          () => send({ ...form, state: 'draft', publish_at: null }, true),
          async (storyId) => {
            if (isNew && !created.current) {
              created.current = storyId;
              // The story's own address, not leaving it: nothing to ask.
              leaveWithoutAsking(() =>
                navigate(`/staff/stories/${storyId}`, { replace: true, state: { editing: id } }),
              );
            }
            await reread(storyId);
          },
          (message) => {
            setConflict(true);
            setAlert(message);
          },
          storyFieldId,
        ),
      ),
  });

  /** Saves the form in `state` (publishing, scheduling and unpublishing are saves). */
  const submit = async (state: StoryState, done: string) => {
    const publish_at =
      state === 'scheduled' && scheduleAt ? (fromOfficeInput(scheduleAt)?.toISOString() ?? null) : null;
    const sent: StoryForm = { ...form, state, publish_at };
    setBusy(true);
    setErrors({});
    setAlert('');
    try {
      const storyId = await queued(() => send(sent, false));
      toast.success(done);
      savedNow();
      if (isNew && !created.current) {
        leaveWithoutAsking(() => navigate(`/staff/stories/${storyId}`, { replace: true }));
      } else {
        await load();
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setErrors(err.errors);
      setAlert(refusalMessage(err, storyFieldId));
      setConflict(err.status === 409);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!saved) return;
    if (
      !window.confirm(
        `Delete “${saved.title}”? It goes to the trash with its images and history, whence it can be restored until erased for good.`,
      )
    ) {
      return;
    }
    try {
      await storyApi.remove(saved._id, current.current?.revision ?? saved.revision);
      toast.success('The story is in the trash.');
      leaveWithoutAsking(() => navigate('/staff/stories'));
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
    adopt,
    text,
    saved,
    choices,
    errors,
    setErrors,
    alert,
    conflict,
    busy,
    loaded,
    dirty,
    autosave: phase,
    scheduleAt,
    setScheduleAt: changeScheduleAt,
    load,
    submit,
    remove,
  };
}
