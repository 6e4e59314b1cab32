import { apiPath } from '@/lib/api-client';
import { staffApi } from '@/lib/staff-client';

export type StoryState = 'draft' | 'scheduled' | 'published';
export type BodyFormat = 'markdown' | 'html';

/** One line of the story list (`GET /api/staff/stories`). */
export interface StoryLine {
  _id: string;
  title: string;
  state: StoryState;
  date: string;
  publish_at: string | null;
  updated_at: string;
  updated_by: string | null;
}

export interface StoryPage {
  data: StoryLine[];
  pagination: { total: number; limit: number; page: number };
}

/** What the editor edits, as it sends it (`POST`/`PUT /api/staff/stories`). */
export interface StoryForm {
  title: string;
  motive: string;
  tags: string[];
  author: string | null;
  author_photo: string | null;
  date: string | null;
  color: string | null;
  image: string | null;
  min_read: string | null;
  body: string;
  format: BodyFormat;
  state: StoryState;
  publish_at: string | null;
  revision?: number;
}

/** A story as the editor opens it. */
export interface Story extends StoryForm {
  _id: string;
  revision: number;
  updated_at: string;
  updated_by: string | null;
}

export interface StoryChoices {
  tags: string[];
  authors: { name: string; profile_photo: string | null }[];
}

export interface Saved {
  message: string;
  data: { _id: string; revision: number };
}

/** The folders a staff image upload may go to. */
export type MediaFolder = 'blogs' | 'authors';

export const storyApi = {
  list: async (query: { q?: string; page?: number }, signal?: AbortSignal) =>
    (await staffApi.get<StoryPage>('staff/stories', query, signal)).body,
  open: async (id: string) =>
    (await staffApi.get<{ data: Story }>(apiPath('staff', 'stories', id))).body.data,
  choices: async () => (await staffApi.get<StoryChoices>('staff/stories/choices')).body,
  create: async (form: StoryForm) => (await staffApi.postJson<Saved>('staff/stories', form)).body,
  save: async (id: string, form: StoryForm) =>
    (await staffApi.putJson<Saved>(apiPath('staff', 'stories', id), form)).body,
  remove: async (id: string, revision: number) =>
    staffApi.delete<{ message: string }>(apiPath('staff', 'stories', id), { revision }),
  preview: async (body: string, format: BodyFormat) =>
    (await staffApi.postJson<{ html: string; min_read: string }>('staff/stories/preview', { body, format }))
      .body,
  /** Uploads an image (checked by the server) and answers its media path. */
  upload: async (file: Blob, folder: MediaFolder) =>
    (await staffApi.postFile<{ path: string }>('staff/media', file, { folder })).body.path,
};
