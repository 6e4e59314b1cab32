import { api } from '@/lib/api-client';
import type { JobPosting, JobPostingBody, JobsBody } from '@/lib/api-types';

/** GET {api}/corp_website/jobs: the open roles the filters let through (empty: all). */
export async function getJobs(department: string, location: string, signal?: AbortSignal): Promise<JobsBody> {
  const query: Record<string, string> = {};
  if (department) query.department = department;
  if (location) query.location = location;
  return (await api.get<JobsBody>('corp_website/jobs', query, signal)).body;
}

/** GET {api}/corp_website/jobs/{slug}: one open posting (the API answers 404 or 410 otherwise). */
export async function getJob(slug: string, signal?: AbortSignal): Promise<JobPosting> {
  return (await api.get<JobPostingBody>(`corp_website/jobs/${encodeURIComponent(slug)}`, undefined, signal))
    .body.data;
}
