import { useState } from 'preact/hooks';
import { Icon } from '@/components/icon';
import { Paragraphs } from '@/components/paragraphs';
import { VideoModal } from '@/components/video-modal';
import { homeLabels, managingDirectorMessage, mdMessageVideo, mdMessageVideoThumbnail } from '@/content/home';
import { founderLeader } from '@/lib/company-details';

/** The Managing Director's message beside a video that plays in a modal. */
export function MdMessage() {
  const [open, setOpen] = useState(false);
  const { heading, paragraphs } = managingDirectorMessage;
  const signatory = founderLeader();
  return (
    <section id="md-message" class="page-section" aria-labelledby="md-message-title">
      <div class="container md-message">
        <div class="md-message__media" data-animate>
          <button type="button" class="video-thumb" onClick={() => setOpen(true)}>
            <img
              src={mdMessageVideoThumbnail.image}
              alt={mdMessageVideoThumbnail.alt}
              width={1280}
              height={720}
              loading="lazy"
              decoding="async"
            />
            <span class="video-thumb__play" aria-hidden="true">
              <Icon name="play" size={32} />
            </span>
            <span class="visually-hidden">
              {mdMessageVideoThumbnail.playLabel}: {mdMessageVideo.title}
            </span>
          </button>
        </div>
        <div class="md-message__text" data-animate>
          <p class="section-heading__eyebrow">{homeLabels.mdMessageEyebrow}</p>
          <h2 id="md-message-title" class="section-heading__title">
            {heading}
          </h2>
          <Paragraphs items={paragraphs} />
          <p class="signature">
            <strong>{signatory.name}</strong>
            <span>{signatory.designation}</span>
          </p>
        </div>
      </div>
      <VideoModal
        open={open}
        onClose={() => setOpen(false)}
        video={mdMessageVideo}
        closeLabel={homeLabels.closeVideo}
      />
    </section>
  );
}
