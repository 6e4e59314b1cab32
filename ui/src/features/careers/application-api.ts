import { HONEYPOT_FIELD } from '@/components/honeypot-field';
import { careersContent } from '@/content/careers';
import { api } from '@/lib/api-client';
import type { ApplicationValues } from './application-rules';

/** POST {api}/applicant/create as multipart (every field and the file), plus the honeypot. */
export async function sendApplication(values: ApplicationValues, honeypot: string): Promise<void> {
  const body = new FormData();
  body.append('name', values.name);
  body.append('mobile', values.mobile);
  body.append('email', values.email);
  body.append('experience', values.experience);
  body.append('previous_company', values.previous_company);
  body.append('query', values.query);
  if (values.file) body.append('file', values.file, values.file.name);
  body.append('department_website', careersContent.form.departmentWebsite);
  body.append(HONEYPOT_FIELD, honeypot);
  await api.postForm('applicant/create', body);
}
