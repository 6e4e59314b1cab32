import { Paragraphs } from '@/components/paragraphs';
import { StatementPair } from '@/components/statement-pair';
import { homeContent } from '@/content/home';
import { edited, fieldOf } from '@/lib/page-fields';

/** About, then Vision and Mission side by side: the home page's first sections, in that order. */
export function AboutVisionMission() {
  const { about, vision, mission } = edited('home', 'homeContent', homeContent);
  return (
    <>
      <section id={about.id} class="page-section" aria-labelledby={`${about.id}-title`}>
        <div class="container home-about" data-animate>
          <h2
            id={`${about.id}-title`}
            class="section-heading__title"
            {...fieldOf('homeContent.about.heading')}
          >
            {about.heading}
          </h2>
          <div class="home-about__text">
            <Paragraphs items={about.paragraphs} field={fieldOf('homeContent.about.paragraphs')} />
          </div>
        </div>
      </section>
      <StatementPair blocks={[vision, mission]} fields={['homeContent.vision', 'homeContent.mission']} />
    </>
  );
}
