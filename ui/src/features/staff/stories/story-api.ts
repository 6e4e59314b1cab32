import { staffApi } from '@/lib/staff-client';
import {
  createStory,
  deleteStory,
  previewStory,
  restoreStoryRevision,
  saveStory,
  stories,
  story,
  storyChoices,
  storyRevision,
  storyRevisions,
} from '@/lib/staff-endpoints';
import type { BodyFormat, StoryForm } from '@/lib/staff-types';

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
  list: (query: { q?: string; page?: number }, signal?: AbortSignal) =>
    staffApi.send(stories(), { query, signal }),
  open: async (id: string) => (await staffApi.send(story(id))).data,
  choices: () => staffApi.send(storyChoices()),
  create: (form: StoryForm) => staffApi.send(createStory(), { json: form }),
  save: async (id: string, form: StoryForm) => staffApi.send(saveStory(id), { json: form }),
  remove: async (id: string, revision: number) => staffApi.send(deleteStory(id), { query: { revision } }),
  preview: (body: string, format: BodyFormat) => staffApi.send(previewStory(), { json: { body, format } }),
  /** The story's saves, newest first (autosaves squashed into one line between saves). */
  revisions: async (id: string) => staffApi.send(storyRevisions(id)),
  /** One save: the whole form as it was then. */
  revision: async (id: string, number: number) =>
    (await staffApi.send(storyRevision(id, String(number)))).data,
  /** Saves that revision's text again as a new save, if the story is still at `revision`. */
  restore: async (id: string, number: number, revision: number) =>
    staffApi.send(restoreStoryRevision(id, String(number)), { json: { revision } }),
};
