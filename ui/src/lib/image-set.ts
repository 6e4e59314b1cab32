import type { ImageSet } from './api-types';
import { mediaUrl } from './runtime-config';

/** The `srcset` of the renditions of one type (`image/webp`, `image/jpeg`...); empty when none. */
export function srcsetOf(set: ImageSet, type: string): string {
  return set.sources
    .filter((source) => source.type === type)
    .map((source) => `${mediaUrl(source.path)} ${source.width}w`)
    .join(', ');
}

/** The type of the fallback renditions (JPEG, or PNG for images with alpha). */
export function fallbackType(set: ImageSet): string | undefined {
  return set.sources.find((source) => source.type !== 'image/webp')?.type;
}

/** The largest image above the fold, for the head to preload (`<link rel="preload" as="image">`). */
export interface PreloadImage {
  href: string;
  srcset?: string;
  sizes?: string;
  type?: string;
}

/** The preload of an image shown with `sizes`: its WebP set when it has one, else its path. */
export function preloadOf(
  path: string | null | undefined,
  set: ImageSet | null | undefined,
  sizes: string,
): PreloadImage | undefined {
  const href = mediaUrl(path);
  if (!href) return undefined;
  const webp = set ? srcsetOf(set, 'image/webp') : '';
  return webp ? { href, srcset: webp, sizes, type: 'image/webp' } : { href };
}
