import { api } from '@/lib/api-client';
import type { PrivacyBody } from '@/lib/api-types';

/** GET {api}/corp_website/retention: each list's rule as the owners set it, and the trash's days. */
export async function getRetention(signal?: AbortSignal): Promise<PrivacyBody> {
  return (await api.get<PrivacyBody>('corp_website/retention', undefined, signal)).body;
}
