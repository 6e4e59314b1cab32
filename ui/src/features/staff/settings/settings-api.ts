import type { SiteDetailsForm } from '@/lib/api-types';
import { staffApi } from '@/lib/staff-client';
import { readSettings, saveSettings } from '@/lib/staff-endpoints';

/** The company's details: read, and saved whole. */
export const settingsApi = {
  read: () => staffApi.send(readSettings()),
  /** Stores a leader's portrait (`POST /api/staff/media?folder=leaders`); answers its media path. */
  uploadPortrait: async (file: File) =>
    (await staffApi.postFile<{ path: string }>('staff/media', file, { folder: 'leaders' })).body.path,
  save: (details: SiteDetailsForm) => staffApi.send(saveSettings(), { json: details }),
};
