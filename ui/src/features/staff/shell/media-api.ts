import { staffApi } from '@/lib/staff-client';
import { uploadMedia } from '@/lib/staff-endpoints';

export type { MediaFolder } from '@/lib/staff-types';

import type { MediaFolder } from '@/lib/staff-types';

/** Uploads an image into `folder` (checked by the server) and answers its media path. */
export const uploadImage = async (file: Blob, folder: MediaFolder) =>
  (await staffApi.send(uploadMedia(), { file, query: { folder } })).path;

/** Uploads a page's video (MP4 or WebM, checked by the server) and answers its media path. */
export const uploadVideo = async (file: Blob) =>
  (await staffApi.send(uploadMedia(), { file, query: { folder: 'pages', kind: 'video' } })).path;
