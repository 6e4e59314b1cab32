import type { ImageSet } from '@/lib/api-types';
import { fallbackType, srcsetOf } from '@/lib/image-set';
import { mediaUrl } from '@/lib/runtime-config';

interface MediaImageProps {
  /** A path under the media base (or an absolute URL); null or empty when there is no image. */
  path: string | null | undefined;
  /** Its size and renditions, when the server stored it for every screen (raster images). */
  set?: ImageSet | null;
  /** How wide it shows (the `sizes` attribute): right for where it sits, so a phone loads a small file. */
  sizes: string;
  class: string;
  /** The size to reserve when the image has no recorded size (an SVG): its aspect ratio. */
  width: number;
  height: number;
  /** Show it at `width` x `height` whatever its own size (a round portrait). */
  keepSize?: boolean;
  loading?: 'lazy' | 'eager';
  fetchpriority?: 'high';
}

/**
 * A decorative image from the media base (a post's picture). A raster image comes as a
 * `<picture>`: WebP renditions for browsers that take them, else its JPEG or PNG ones, each
 * list a `srcset` the browser picks from by `sizes` and the screen's density. Without an
 * image, an empty block of the same class takes its place, so a card keeps its shape.
 */
export function MediaImage({
  path,
  set,
  sizes,
  class: className,
  width,
  height,
  keepSize = false,
  loading,
  fetchpriority,
}: MediaImageProps) {
  const src = mediaUrl(path);
  if (!src) return <span class={`${className} media-image--none`} aria-hidden="true" />;
  const webp = set ? srcsetOf(set, 'image/webp') : '';
  const fallback = set ? fallbackType(set) : undefined;
  const img = (
    <img
      class={className}
      src={src}
      srcset={set && fallback ? srcsetOf(set, fallback) : undefined}
      sizes={set ? sizes : undefined}
      alt=""
      width={keepSize ? width : (set?.width ?? width)}
      height={keepSize ? height : (set?.height ?? height)}
      loading={loading}
      fetchpriority={fetchpriority}
      decoding="async"
    />
  );
  if (!webp) return img;
  return (
    <picture class="media-picture">
      <source type="image/webp" srcset={webp} sizes={sizes} />
      {img}
    </picture>
  );
}
