import { HONEYPOT_FIELD } from '@/components/honeypot-field';
import { api } from '@/lib/api-client';
import type { EnquiryPayload } from '@/lib/api-types';
import { leadSource } from '@/lib/page-views';
import type { ContactValues } from './contact-rules';

/**
 * POST {api}/clients/create: a contact enquiry with exactly the enquiry's own fields (no
 * `service`: only the subscribe payload carries it), plus the honeypot, with the proof of work's
 * header. Typed as the server's
 * own body, so a field renamed there fails the type check here.
 */
export async function sendEnquiry(
  values: ContactValues,
  honeypot: string,
  proof: Record<string, string>,
  departmentWebsite: string,
): Promise<void> {
  const payload: EnquiryPayload = {
    name: values.name,
    email: values.email,
    mobile: values.mobile,
    requirment: values.requirment,
    department_website: departmentWebsite,
    [HONEYPOT_FIELD]: honeypot,
    source: leadSource(),
  };
  await api.postJson('clients/create', payload, proof);
}
