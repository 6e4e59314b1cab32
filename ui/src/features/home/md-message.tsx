import { Paragraphs } from '@/components/paragraphs';
import { homeLabels, managingDirectorMessage, mdMessageVideo, mdMessageVideoThumbnail } from '@/content/home';
import VideoThumb from '@/islands/video-thumb';
import { founderLeader } from '@/lib/company-details';
import { edited, fieldOf } from '@/lib/page-fields';

/** The Managing Director's message beside a video that plays in a modal. */
export function MdMessage() {
  const { heading, paragraphs } = edited('home', 'managingDirectorMessage', managingDirectorMessage);
  const labels = edited('home', 'homeLabels', homeLabels);
  const thumbnail = edited('home', 'mdMessageVideoThumbnail', mdMessageVideoThumbnail);
  const video = edited('home', 'mdMessageVideo', mdMessageVideo);
  const signatory = founderLeader();
  return (
    <section id="md-message" class="page-section" aria-labelledby="md-message-title">
      <div class="container md-message">
        <div class="md-message__media" data-animate>
          <VideoThumb
            thumbnail={thumbnail}
            video={video}
            closeLabel={labels.closeVideo}
            imageField={fieldOf('mdMessageVideoThumbnail.image')}
          />
        </div>
        <div class="md-message__text" data-animate>
          <p class="section-heading__eyebrow" {...fieldOf('homeLabels.mdMessageEyebrow')}>
            {labels.mdMessageEyebrow}
          </p>
          <h2
            id="md-message-title"
            class="section-heading__title"
            {...fieldOf('managingDirectorMessage.heading')}
          >
            {heading}
          </h2>
          <Paragraphs items={paragraphs} field={fieldOf('managingDirectorMessage.paragraphs')} />
          <p class="signature">
            <strong>{signatory.name}</strong>
            <span>{signatory.designation}</span>
          </p>
        </div>
      </div>
    </section>
  );
}
