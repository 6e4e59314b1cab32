import { HONEYPOT_FIELD } from '@/components/honeypot-field';
import { careersContent } from '@/content/careers';
import { api } from '@/lib/api-client';
import type { ApplicationParts } from '@/lib/api-types';
import { leadSource } from '@/lib/page-views';
import type { ApplicationValues } from './application-rules';

/**
 * POST {api}/applicant/create as multipart (every field and the file), plus the honeypot, the
 * opening applied for (`job`, a posting's slug) and where the visit came from, with the proof
 * of work's header. The
 * text parts are typed as the server reads them, so a part renamed there fails the type check.
 */
export async function sendApplication(
  values: ApplicationValues,
  honeypot: string,
  proof: Record<string, string>,
  job = '',
): Promise<void> {
  const parts: ApplicationParts = {
    name: values.name,
    mobile: values.mobile,
    email: values.email,
    experience: values.experience,
    previous_company: values.previous_company,
    query: values.query,
    department_website: careersContent.form.departmentWebsite,
    job,
    [HONEYPOT_FIELD]: honeypot,
  };
  const body = new FormData();
  const append = (...names: (keyof ApplicationParts)[]) => {
    for (const name of names) body.append(name, parts[name]);
  };
  append('name', 'mobile', 'email', 'experience', 'previous_company', 'query');
  if (values.file) body.append('file', values.file, values.file.name);
  append('department_website', HONEYPOT_FIELD);
  // The opening applied for (its page's form); none: a general application.
  if (job) append('job');
  // Where the visit came from, as JSON text (the server drops one it cannot read).
  body.append('source', JSON.stringify(leadSource()));
  await api.postForm('applicant/create', body, proof);
}
