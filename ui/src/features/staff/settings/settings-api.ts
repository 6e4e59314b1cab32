import type { SettingsBody, SiteDetailsForm } from '@/lib/api-types';
import { staffApi } from '@/lib/staff-client';

/** The company's details (`/api/staff/settings`): read, and saved whole. */
export const settingsApi = {
  read: async () => (await staffApi.get<SettingsBody>('staff/settings')).body,
  /** Stores a leader's portrait (`POST /api/staff/media?folder=leaders`); answers its media path. */
  uploadPortrait: async (file: File) =>
    (await staffApi.postFile<{ path: string }>('staff/media', file, { folder: 'leaders' })).body.path,
  save: async (details: SiteDetailsForm) =>
    (await staffApi.putJson<SettingsBody>('staff/settings', details)).body,
};
