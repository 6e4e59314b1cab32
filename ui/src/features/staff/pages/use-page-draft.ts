import { useEffect, useRef, useState } from 'preact/hooks';
import { checkFieldsMessage, withoutErrorOf } from '@/features/staff/shell/field-names';
import { fromOfficeInput, officeInput } from '@/features/staff/shell/staff-format';
import { useAutosave } from '@/features/staff/shell/use-autosave';
import { useLeaveGuard } from '@/features/staff/shell/use-leave-guard';
import { useSaveQueue } from '@/features/staff/shell/use-save-queue';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { differs, draftOf, fieldId, formErrors, formValues } from './page-values';
import { type Page, type PageFields, pagesApi } from './pages-api';

/**
 * One page being edited: the form (each field's draft value, else its default), what the
 * server holds, its answers (field errors, an alert, a conflict naming who saved first), and
 * the saves that move it on: a draft saves itself once typing rests (`useAutosave`), every
 * save goes through one queue naming the revision the last one answered (`useSaveQueue`),
 * and leaving with changes not saved asks first.
 */
export function usePageDraft(key: string) {
  const [page, setPage] = useState<Page | null>(null);
  const [values, setValues] = useState<PageFields>({});
  // What the server holds, as the form shows it, and which paths its draft has.
  const [held, setHeld] = useState<PageFields>({});
  const inDraft = useRef<Set<string>>(new Set());
  const revision = useRef(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState(false);
  const [scheduleAt, setScheduleAt] = useState('');
  // Moves on with each save: the preview's frame loads the draft again.
  const [saves, setSaves] = useState(0);
  const queued = useSaveQueue();

  const load = async () => {
    try {
      const opened = await pagesApi.open(key);
      revision.current = opened.revision;
      inDraft.current = new Set(Object.keys(opened.draft));
      const shown = formValues(opened);
      setPage(opened);
      setValues(shown);
      setHeld(shown);
      setScheduleAt(officeInput(opened.publish_at));
      setErrors({});
      setAlert('');
      setConflict(false);
      setSaves((n) => n + 1);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setAlert(err.message);
    }
  };

  useEffect(() => {
    setPage(null);
    void load();
  }, [key]);

  /** The facts of the page read again after a change; the form stays as typed. */
  const reread = async () => {
    try {
      const opened = await pagesApi.open(key);
      revision.current = opened.revision;
      inDraft.current = new Set(Object.keys(opened.draft));
      setPage(opened);
    } catch {
      // The status line keeps the old facts; the next change reads them again.
    }
  };

  // A changed field's message goes at once: it spoke of what was there before.
  const set = (path: string, value: unknown) => {
    setValues((was) => ({ ...was, [path]: value }));
    setErrors((was) => withoutErrorOf(was, path));
  };

  /** A failure's words: the fields by their labels for a 422, a conflict's own for a 409. */
  const failed = (err: unknown): string => {
    if (!(err instanceof ApiError)) throw err;
    const named = formErrors(err.errors);
    if (err.status === 409) setConflict(true);
    if (err.status === 422 && Object.keys(named).length > 0) {
      setErrors(named);
      return checkFieldsMessage(named, fieldId);
    }
    return err.message;
  };

  /** Saves the form as the page's draft (after every save queued before). */
  const save = (sent: PageFields, autosave: boolean) =>
    queued(async () => {
      if (!page) return;
      const fields = draftOf(page, sent, inDraft.current);
      const answer = await pagesApi.save(key, fields, revision.current, autosave);
      revision.current = answer.revision;
      inDraft.current = new Set(Object.keys(fields));
      setHeld(sent);
      setSaves((n) => n + 1);
      await reread();
    });

  const dirty = page !== null && differs(values, held);
  useLeaveGuard(dirty);

  const { phase, savedNow } = useAutosave({
    enabled: page !== null && !conflict,
    dirty,
    change: values,
    save: async () => {
      try {
        await save(values, true);
        return null;
      } catch (err) {
        const reason = failed(err);
        if (err instanceof ApiError && err.status === 409) setAlert(reason);
        return reason;
      }
    },
  });

  /** Runs a change by a button: busy meanwhile, its words on success, its failure in the alert. */
  const act = async (change: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setAlert('');
    try {
      await change();
      toast.success(done);
      savedNow();
    } catch (err) {
      setAlert(failed(err));
    } finally {
      setBusy(false);
    }
  };

  /** The form saved (if it changed), then published now, or at the schedule's time. */
  const publish = (when: 'now' | 'scheduled') => {
    let publishAt: string | undefined;
    if (when === 'scheduled') {
      const at = scheduleAt ? fromOfficeInput(scheduleAt) : null;
      if (!at) {
        setErrors((was) => ({ ...was, publish_at: 'Choose the day and time the page goes public.' }));
        return;
      }
      publishAt = at.toISOString();
    }
    void act(
      async () => {
        if (dirty) await save(values, false);
        await queued(async () => {
          const answer = await pagesApi.publish(key, revision.current, publishAt);
          revision.current = answer.data.revision;
        });
        await reread();
      },
      when === 'now' ? 'The page is published.' : 'The page is scheduled to be published.',
    );
  };

  /** The field at `path` back to its default, out of the draft; the rest of the form stays as typed. */
  const reset = (path: string) => {
    if (!page) return;
    const fallback = page.defaults[path];
    if (!inDraft.current.has(path)) {
      // Not in the saved draft: only the form had changed it.
      set(path, fallback);
      return;
    }
    void act(async () => {
      await queued(async () => {
        const answer = await pagesApi.reset(key, path, revision.current);
        revision.current = answer.revision;
        inDraft.current.delete(path);
      });
      setValues((was) => ({ ...was, [path]: fallback }));
      setHeld((was) => ({ ...was, [path]: fallback }));
      setErrors((was) => withoutErrorOf(was, path));
      setSaves((n) => n + 1);
      await reread();
    }, 'The field is back to its default.');
  };

  return {
    page,
    values,
    set,
    errors,
    alert,
    conflict,
    busy,
    dirty,
    autosave: phase,
    scheduleAt,
    setScheduleAt: (value: string) => {
      setScheduleAt(value);
      setErrors((was) => withoutErrorOf(was, 'publish_at'));
    },
    saves,
    load,
    saveNow: () => act(() => save(values, false), 'The draft is saved.'),
    publish,
    reset,
  };
}
