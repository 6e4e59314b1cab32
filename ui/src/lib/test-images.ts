/** What the unit tests of stored images share. For tests only. */
import type { ImageSet } from './api-types';

/**
 * A stored image's set as the server answers it: a WebP and a JPEG rendition at each width,
 * `renditions` naming each width's path without its extension.
 */
export function imageSet(width: number, height: number, renditions: Record<number, string>): ImageSet {
  return {
    width,
    height,
    sources: Object.entries(renditions).flatMap(([at, stem]) => [
      { path: `${stem}.webp`, width: Number(at), type: 'image/webp' },
      { path: `${stem}.jpg`, width: Number(at), type: 'image/jpeg' },
    ]),
  };
}
