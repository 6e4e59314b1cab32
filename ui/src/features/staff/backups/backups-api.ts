import { staffApi } from '@/lib/staff-client';
import { backUpNow, backups } from '@/lib/staff-endpoints';

/** The backup sets. */
export const backupsApi = {
  status: () => staffApi.send(backups()),
  /** Asks the server for a set now: made, kept and uploaded as a scheduled one is. */
  backUpNow: () => staffApi.send(backUpNow()),
};
