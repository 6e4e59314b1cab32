import type { CompanyDetailsForm } from '@/lib/api-types';
import { staffApi } from '@/lib/staff-client';
import { readSettings, saveSettings, uploadMedia } from '@/lib/staff-endpoints';

/** The company's details: read, and saved whole. */
export const settingsApi = {
  read: () => staffApi.send(readSettings()),
  /** Stores a leader's portrait (`uploadMedia`, in the folder `leaders`); answers its media path. */
  uploadPortrait: async (file: File) =>
    (await staffApi.send(uploadMedia(), { file, query: { folder: 'leaders' } })).path,
  save: (details: CompanyDetailsForm) => staffApi.send(saveSettings(), { json: details }),
};
