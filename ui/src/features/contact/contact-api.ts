import { HONEYPOT_FIELD } from '@/components/honeypot-field';
import { contactContent } from '@/content/contact';
import { api } from '@/lib/api-client';
import type { ContactValues } from './contact-rules';

/**
 * POST {api}/clients/create: a contact enquiry with exactly the enquiry's own fields (no
 * `service`: only the subscribe payload carries it), plus the honeypot.
 */
export async function sendEnquiry(values: ContactValues, honeypot: string): Promise<void> {
  await api.postJson('clients/create', {
    name: values.name,
    email: values.email,
    mobile: values.mobile,
    requirment: values.requirment,
    department_website: contactContent.form.departmentWebsite,
    [HONEYPOT_FIELD]: honeypot,
  });
}
