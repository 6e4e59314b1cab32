import { mediaUrl } from '@/lib/runtime-config';

interface MediaImageProps {
  /** A path under the media base (or an absolute URL); null or empty when there is no image. */
  path: string | null | undefined;
  class: string;
  width: number;
  height: number;
  loading?: 'lazy' | 'eager';
  fetchpriority?: 'high';
}

/**
 * A decorative image from the media base (a post's picture). Without one, an empty block of the
 * same class takes its place, so a card keeps its shape and no broken image shows.
 */
export function MediaImage({
  path,
  class: className,
  width,
  height,
  loading,
  fetchpriority,
}: MediaImageProps) {
  const src = mediaUrl(path);
  if (!src) return <span class={`${className} media-image--none`} aria-hidden="true" />;
  return (
    <img
      class={className}
      src={src}
      alt=""
      width={width}
      height={height}
      loading={loading}
      fetchpriority={fetchpriority}
      decoding="async"
    />
  );
}
