import { apiPath } from '@/lib/api-client';
import { staffApi } from '@/lib/staff-client';

import type {
  BodyFormat,
  Deleted,
  MediaFolder,
  Preview,
  PreviewForm,
  Saved,
  StoryBody,
  StoryChoices,
  StoryForm,
  StoryPage,
  StoryRevisionBody,
  StoryRevisions,
  Uploaded,
} from '@/lib/staff-types';

// The story API's shapes are generated from the server's Rust types (`@/lib/staff-types`).
export type {
  BodyFormat,
  MediaFolder,
  Saved,
  Story,
  StoryChoices,
  StoryForm,
  StoryLine,
  StoryPage,
  StoryRevision,
  StoryRevisionLine,
  StoryState,
} from '@/lib/staff-types';

export const storyApi = {
  list: async (query: { q?: string; page?: number }, signal?: AbortSignal) =>
    (await staffApi.get<StoryPage>('staff/stories', query, signal)).body,
  open: async (id: string) => (await staffApi.get<StoryBody>(apiPath('staff', 'stories', id))).body.data,
  choices: async () => (await staffApi.get<StoryChoices>('staff/stories/choices')).body,
  create: async (form: StoryForm) => (await staffApi.postJson<Saved>('staff/stories', form)).body,
  save: async (id: string, form: StoryForm) =>
    (await staffApi.putJson<Saved>(apiPath('staff', 'stories', id), form)).body,
  remove: async (id: string, revision: number) =>
    staffApi.delete<Deleted>(apiPath('staff', 'stories', id), { revision }),
  preview: async (body: string, format: BodyFormat) =>
    (await staffApi.postJson<Preview>('staff/stories/preview', { body, format } satisfies PreviewForm)).body,
  /** The story's saves, newest first (autosaves squashed into one line between saves). */
  revisions: async (id: string) =>
    (await staffApi.get<StoryRevisions>(apiPath('staff', 'stories', id, 'revisions'))).body,
  /** One save: the whole form as it was then. */
  revision: async (id: string, number: number) =>
    (await staffApi.get<StoryRevisionBody>(apiPath('staff', 'stories', id, 'revisions', String(number)))).body
      .data,
  /** Saves that revision's text again as a new save, if the story is still at `revision`. */
  restore: async (id: string, number: number, revision: number) =>
    (
      await staffApi.postJson<Saved>(
        apiPath('staff', 'stories', id, 'revisions', String(number), 'restore'),
        {
          revision,
        },
      )
    ).body,
  /** Uploads an image (checked by the server) and answers its media path. */
  upload: async (file: Blob, folder: MediaFolder) =>
    (await staffApi.postFile<Uploaded>('staff/media', file, { folder })).body.path,
};
