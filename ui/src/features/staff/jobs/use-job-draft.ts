import { useEffect, useRef, useState } from 'preact/hooks';
import { useNavigate } from 'react-router-dom';
import { autosaveOnce, refusalMessage, withoutErrorOf } from '@/features/staff/shell/field-names';
import { useAutosave } from '@/features/staff/shell/use-autosave';
import { leaveWithoutAsking, useLeaveGuard } from '@/features/staff/shell/use-leave-guard';
import { useSaveQueue } from '@/features/staff/shell/use-save-queue';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { type Job, type JobChoices, type JobForm, jobApi } from './job-api';

const EMPTY: JobForm = {
  title: '',
  department: '',
  location: '',
  employment_type: 'full_time',
  workplace: 'on_site',
  salary_min: null,
  salary_max: null,
  description: '',
  openings: 1,
  closes_at: null,
  recruiter: null,
};

const NO_CHOICES: JobChoices = {
  locations: [],
  departments: [],
  employment_types: [],
  workplaces: [],
  zone: '',
  recruiters: [],
};

function fromJob(job: Job): JobForm {
  return {
    title: job.title,
    department: job.department,
    location: job.location,
    employment_type: job.employment_type,
    workplace: job.workplace,
    salary_min: job.salary_min,
    salary_max: job.salary_max,
    description: job.description,
    openings: job.openings,
    closes_at: job.closes_local,
    recruiter: job.recruiter,
  };
}

function differs(form: JobForm, held: JobForm): boolean {
  return (Object.keys(EMPTY) as (keyof JobForm)[]).some(
    (key) => JSON.stringify(form[key]) !== JSON.stringify(held[key]),
  );
}

/** The element id of a field by its API name: `closes_at` -> `job-closes-at`. */
export function jobFieldId(name: string): string {
  return `job-${name.replace(/_/g, '-')}`;
}

export type SetJobField = <K extends keyof JobForm>(key: K, value: JobForm[K]) => void;

/**
 * One opening being edited (`id`, or `new`): the form, the saved opening, the server's
 * answers, and the changes that move it on. A draft saves itself once typing rests, through
 * one save queue naming the revision the last save answered (two tabs meet the 409).
 */
export function useJobDraft(id: string) {
  const navigate = useNavigate();
  const isNew = id === 'new';
  const [form, setForm] = useState<JobForm>(EMPTY);
  const [held, setHeld] = useState<JobForm>(EMPTY);
  const [saved, setSaved] = useState<Job | null>(null);
  const [choices, setChoices] = useState<JobChoices>(NO_CHOICES);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const current = useRef<{ id: string; revision: number } | null>(null);
  const created = useRef('');
  const queued = useSaveQueue();

  const adopt = (job: Job) => {
    current.current = { id: String(job.id), revision: job.revision };
    setSaved(job);
  };

  const load = async () => {
    try {
      if (isNew) {
        const list = await jobApi.list();
        setChoices(list.choices);
        const first = list.choices.locations[0]?.name ?? '';
        setForm((f) => ({ ...f, location: f.location || first }));
        setHeld((h) => ({ ...h, location: h.location || first }));
      } else {
        const body = await jobApi.open(id);
        adopt(body.data);
        setChoices(body.choices);
        const opened = fromJob(body.data);
        setForm(opened);
        setHeld(opened);
      }
      setConflict(false);
      setAlert('');
      setErrors({});
      setLoaded(true);
    } catch (err) {
      if (err instanceof ApiError) setAlert(err.message);
    }
  };

  const reread = async (jobId: string) => {
    try {
      adopt((await jobApi.open(jobId)).data);
    } catch {
      // The status line keeps the old facts; the next change reads them again.
    }
  };

  useEffect(() => {
    if (created.current === id) {
      setLoaded(true);
      return;
    }
    void load();
  }, [id]);

  const set: SetJobField = (key, value) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((was) => withoutErrorOf(was, key));
  };

  /** Saves `sent` (or creates the opening); answers its id. */
  const send = async (sent: JobForm, autosave: boolean) => {
    const at = current.current;
    const answer = at
      ? await jobApi.save(at.id, { ...sent, revision: at.revision, autosave })
      : await jobApi.create(sent);
    const jobId = String(answer.data.id);
    current.current = { id: jobId, revision: answer.data.revision };
    setHeld(sent);
    return jobId;
  };

  const failed = (err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    setErrors(err.errors);
    setAlert(refusalMessage(err, jobFieldId));
    setConflict(err.status === 409);
  };

  const dirty = loaded && differs(form, held);
  useLeaveGuard(dirty);
  const state = saved?.state ?? 'draft';
  const autosaving =
    loaded &&
    !conflict &&
    state === 'draft' &&
    (saved !== null || (!!form.title.trim() && !!form.description.trim()));

  const { phase, savedNow } = useAutosave({
    enabled: autosaving,
    dirty,
    change: form,
    save: () =>
      queued(() =>
        autosaveOnce(
          () => send(form, true),
          async (jobId) => {
            if (isNew && !created.current) {
              created.current = jobId;
              leaveWithoutAsking(() =>
                navigate(`/staff/jobs/${jobId}`, { replace: true, state: { editing: id } }),
              );
            }
            await reread(jobId);
          },
          (message) => {
            setConflict(true);
            setAlert(message);
          },
          jobFieldId,
        ),
      ),
  });

  /** Saves the form by hand; answers the opening's id, or null when it was refused. */
  const save = async (done: string | null): Promise<string | null> => {
    setBusy(true);
    setErrors({});
    setAlert('');
    try {
      const jobId = await queued(() => send(form, false));
      savedNow();
      if (done) toast.success(done);
      if (isNew && !created.current) {
        created.current = jobId;
        leaveWithoutAsking(() => navigate(`/staff/jobs/${jobId}`, { replace: true, state: { editing: id } }));
      }
      await reread(jobId);
      return jobId;
    } catch (err) {
      failed(err);
      return null;
    } finally {
      setBusy(false);
    }
  };

  /** Publishes (the form saved first) or closes the opening now. */
  const move = async (to: 'publish' | 'close') => {
    if (to === 'publish' && (dirty || !current.current)) {
      if ((await save(null)) === null) return;
    }
    const at = current.current;
    if (!at) return;
    setBusy(true);
    setAlert('');
    try {
      const answer = await queued(() =>
        to === 'publish' ? jobApi.publish(at.id, at.revision) : jobApi.close(at.id, at.revision),
      );
      current.current = { id: at.id, revision: answer.data.revision };
      toast.success(answer.message);
      await reread(at.id);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!saved || !current.current) return;
    if (!window.confirm(`Delete “${saved.title}” for good?`)) return;
    try {
      await jobApi.remove(current.current.id, current.current.revision);
      toast.success('The job opening is deleted.');
      leaveWithoutAsking(() => navigate('/staff/jobs'));
    } catch (err) {
      failed(err);
    }
  };

  return {
    isNew,
    form,
    set,
    saved,
    state,
    choices,
    errors,
    alert,
    conflict,
    busy,
    loaded,
    dirty,
    autosaving,
    autosave: phase,
    load,
    save,
    move,
    remove,
  };
}
