import { apiPath } from '@/lib/api-client';
import { staffApi } from '@/lib/staff-client';
import type { DigestSetting } from '@/lib/staff-types';

/** One's morning digest, on or off (`/api/staff/account/digest`). */
export const digestApi = {
  get: async () => (await staffApi.get<DigestSetting>(apiPath('staff', 'account', 'digest'))).body,
  set: async (on: boolean) =>
    (
      await staffApi.putJson<DigestSetting>(apiPath('staff', 'account', 'digest'), {
        on,
      } satisfies DigestSetting)
    ).body,
};
