import { LazyImage } from '@/components/lazy-image';
import { PageSection, sectionHeading } from '@/components/page-section';
import { Paragraphs } from '@/components/paragraphs';
import { Link } from '@/components/site-link';
import { homeContent, homeLabels, wings } from '@/content/home';
import { edited, fieldOf } from '@/lib/page-fields';

/** Fidelitus Gallery and Shilpa Foundation; View More and Read More go to /shilpa_foundation. */
export function OurWings() {
  const content = edited('home', 'homeContent', homeContent);
  const { aboutWing } = edited('home', 'homeLabels', homeLabels);
  return (
    <PageSection id="wings" tone="soft" centered {...sectionHeading(content, 'homeContent', 'wingsHeading')}>
      <ul class="card-grid card-grid--2">
        {edited('home', 'wings', wings).map((wing, index) => (
          <li key={wing.id} class="card wing-card" data-animate>
            <LazyImage
              class="wing-card__image"
              src={wing.image}
              alt={wing.imageAlt}
              width={800}
              height={500}
              {...fieldOf(`wings.${index}.image`)}
            />
            <div class="wing-card__body">
              <p class="wing-card__tagline" {...fieldOf(`wings.${index}.tagline`)}>
                {wing.tagline}
              </p>
              <h3 class="wing-card__title" {...fieldOf(`wings.${index}.name`)}>
                {wing.name}
              </h3>
              <p class="wing-card__highlight" {...fieldOf(`wings.${index}.highlight`)}>
                {wing.highlight}
              </p>
              <Paragraphs items={wing.paragraphs} field={fieldOf(`wings.${index}.paragraphs`)} />
              <div class="button-row">
                <Link
                  class="button button--primary"
                  to={wing.viewMorePath}
                  {...fieldOf('homeContent.viewMoreLabel')}
                >
                  {content.viewMoreLabel}
                  <span class="visually-hidden" {...fieldOf('homeLabels.aboutWing')}>
                    {' '}
                    {aboutWing} {wing.name}
                  </span>
                </Link>
                <Link
                  class="button button--outline"
                  to={wing.readMorePath}
                  {...fieldOf('homeContent.readMoreLabel')}
                >
                  {content.readMoreLabel}
                  <span class="visually-hidden" {...fieldOf('homeLabels.aboutWing')}>
                    {' '}
                    {aboutWing} {wing.name}
                  </span>
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
