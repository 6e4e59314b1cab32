import { runtimeConfig } from '@/lib/runtime-config';
import { staffApi } from '@/lib/staff-client';
import {
  page,
  pageRevision,
  pageRevisions,
  pages,
  previewPageDraft,
  publishPage,
  resetPageField,
  restorePageRevision,
  savePage,
} from '@/lib/staff-endpoints';
import type { PageFields } from '@/lib/staff-types';

// The page editor's shapes are generated from the server's Rust types (`@/lib/staff-types`).
export type {
  Page,
  PageField,
  PageFields,
  PageLine,
  PageRevision,
  PageRevisionLine,
  PageSchema,
  PageState,
} from '@/lib/staff-types';

export const pagesApi = {
  list: async (signal?: AbortSignal) => (await staffApi.send(pages(), { signal })).data,
  open: async (key: string, signal?: AbortSignal) => (await staffApi.send(page(key), { signal })).data,
  /** The whole draft (the office's values by path), from the revision the editor last saw. */
  save: async (key: string, fields: PageFields, revision: number, autosave: boolean) =>
    (await staffApi.send(savePage(key), { json: { fields, revision, autosave } })).data,
  /** The draft goes public now, or at `publishAt` (RFC 3339). */
  publish: async (key: string, revision: number, publishAt?: string) =>
    staffApi.send(publishPage(key), { json: { revision, publish_at: publishAt } }),
  revisions: (key: string) => staffApi.send(pageRevisions(key)),
  revision: async (key: string, number: number) =>
    (await staffApi.send(pageRevision(key, String(number)))).data,
  restore: (key: string, number: number, revision: number) =>
    staffApi.send(restorePageRevision(key, String(number)), { json: { revision } }),
  /** The field at `path` out of the draft: back to its default. */
  reset: async (key: string, path: string, revision: number) =>
    (await staffApi.send(resetPageField(key, path), { query: { revision } })).data,
  /** The address of the page as its saved draft shows it, for the preview's frame. */
  previewUrl: (key: string) => `${runtimeConfig.apiBase}/${previewPageDraft(key).path}`,
};
