import type { VideoSource } from '@/content/types';
import { Icon } from './icon';
import { ModalDialog } from './modal-dialog';

interface VideoModalProps {
  open: boolean;
  onClose: () => void;
  video: VideoSource;
  closeLabel: string;
}

/** Plays one of our own videos in a modal; the close icon, Escape and the backdrop close it. */
export function VideoModal({ open, onClose, video, closeLabel }: VideoModalProps) {
  return (
    <ModalDialog open={open} onClose={onClose} class="video-modal" labelledBy="video-modal-title">
      <div class="video-modal__panel">
        <div class="video-modal__bar">
          <h2 id="video-modal-title" class="video-modal__title">
            {video.title}
          </h2>
          <button type="button" class="icon-button icon-button--light" onClick={onClose} autofocus>
            <Icon name="x" />
            <span class="visually-hidden">{closeLabel}</span>
          </button>
        </div>
        {/* Unmounted when closed (ModalDialog renders children only while open), so it stops.
            Muted: the clip is a silent animation with no audio track, so it has nothing to caption. */}
        <video
          class="video-modal__video"
          src={video.src}
          poster={video.poster}
          controls
          autoplay
          muted
          playsinline
          width={960}
          height={540}
          aria-label={video.title}
        />
      </div>
    </ModalDialog>
  );
}
