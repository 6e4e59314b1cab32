import { staffApi } from '@/lib/staff-client';
import { closeJob, createJob, deleteJob, job, jobs, publishJob, saveJob } from '@/lib/staff-endpoints';
import type { JobForm } from '@/lib/staff-types';

// The openings API's shapes are generated from the server's Rust types (`@/lib/staff-types`).
export type { Job, JobBody, JobChoices, JobForm, JobList, JobState } from '@/lib/staff-types';

export const jobApi = {
  list: (signal?: AbortSignal) => staffApi.send(jobs(), { signal }),
  open: (id: string) => staffApi.send(job(id)),
  create: (form: JobForm) => staffApi.send(createJob(), { json: form }),
  save: (id: string, form: JobForm) => staffApi.send(saveJob(id), { json: form }),
  publish: (id: string, revision: number) => staffApi.send(publishJob(id), { json: { revision } }),
  close: (id: string, revision: number) => staffApi.send(closeJob(id), { json: { revision } }),
  remove: (id: string, revision: number) => staffApi.send(deleteJob(id), { query: { revision } }),
};

/** What the list and the editor call each state. */
export const JOB_STATE_TEXT = { draft: 'Draft', published: 'Published', closed: 'Closed' } as const;
