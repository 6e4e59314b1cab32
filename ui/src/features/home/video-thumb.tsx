import { useState } from 'preact/hooks';
import { Icon } from '@/components/icon';
import { LazyImage } from '@/components/lazy-image';
import { VideoModal } from '@/components/video-modal';
import type { VideoSource } from '@/content/types';

export interface VideoThumbProps {
  thumbnail: { image: string; alt: string; playLabel: string };
  video: VideoSource;
  closeLabel: string;
  /** Ties the picture to its field in a preview of the page editor. */
  imageField?: Record<string, string>;
}

/** A video's picture with a play button; the video plays in a modal. */
export function VideoThumb({ thumbnail, video, closeLabel, imageField }: VideoThumbProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" class="video-thumb" onClick={() => setOpen(true)}>
        <LazyImage src={thumbnail.image} alt={thumbnail.alt} width={1280} height={720} {...imageField} />
        <span class="video-thumb__play" aria-hidden="true">
          <Icon name="play" size={32} />
        </span>
        <span class="visually-hidden">
          {thumbnail.playLabel}: {video.title}
        </span>
      </button>
      <VideoModal open={open} onClose={() => setOpen(false)} video={video} closeLabel={closeLabel} />
    </>
  );
}
