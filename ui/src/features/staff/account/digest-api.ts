import { staffApi } from '@/lib/staff-client';
import { digest, setDigest } from '@/lib/staff-endpoints';

/** One's morning digest, on or off (`digest`, `setDigest`). */
export const digestApi = {
  get: () => staffApi.send(digest()),
  set: (on: boolean) => staffApi.send(setDigest(), { json: { on } }),
};
