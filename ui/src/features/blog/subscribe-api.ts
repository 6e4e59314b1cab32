import { HONEYPOT_FIELD } from '@/components/honeypot-field';
import { blogContent } from '@/content/blog';
import { api } from '@/lib/api-client';
import type { EnquiryPayload } from '@/lib/api-types';
import { leadSource } from '@/lib/page-views';

/** POST {api}/clients/create with every lead field, only the email filled, the others empty. */
export async function subscribeToBlogs(
  email: string,
  honeypot: string,
  proof: Record<string, string>,
): Promise<void> {
  const payload: EnquiryPayload = {
    name: '',
    mobile: '',
    email,
    requirment: '',
    department_website: blogContent.subscribe.departmentWebsite,
    service: blogContent.subscribe.service,
    [HONEYPOT_FIELD]: honeypot,
    source: leadSource(),
  };
  await api.postJson('clients/create', payload, proof);
}
