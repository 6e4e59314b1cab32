import { staffApi } from '@/lib/staff-client';
import type { BackupsBody } from '@/lib/staff-types';

/** The backup sets (`/api/staff/backups`). */
export const backupsApi = {
  status: async () => (await staffApi.get<BackupsBody>('staff/backups')).body,
  /** Asks the server for a set now: made, kept and uploaded as a scheduled one is. */
  backUpNow: async () => (await staffApi.postJson<BackupsBody>('staff/backups', {})).body,
};
