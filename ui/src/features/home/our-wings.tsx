import { PageSection } from '@/components/page-section';
import { Paragraphs } from '@/components/paragraphs';
import { Link } from '@/components/site-link';
import { homeContent, wings } from '@/content/home';

/** Fidelitus Gallery and Shilpa Foundation; View More and Read More go to /shilpa_foundation. */
export function OurWings() {
  return (
    <PageSection id="wings" title={homeContent.wingsHeading} tone="soft" centered>
      <ul class="card-grid card-grid--2">
        {wings.map((wing) => (
          <li key={wing.id} class="card wing-card" data-animate>
            <img
              class="wing-card__image"
              src={wing.image}
              alt={wing.imageAlt}
              width={800}
              height={500}
              loading="lazy"
              decoding="async"
            />
            <div class="wing-card__body">
              <p class="wing-card__tagline">{wing.tagline}</p>
              <h3 class="wing-card__title">{wing.name}</h3>
              <p class="wing-card__highlight">{wing.highlight}</p>
              <Paragraphs items={wing.paragraphs} />
              <div class="button-row">
                <Link class="button button--primary" to={wing.viewMorePath}>
                  {homeContent.viewMoreLabel}
                  <span class="visually-hidden"> about {wing.name}</span>
                </Link>
                <Link class="button button--outline" to={wing.readMorePath}>
                  {homeContent.readMoreLabel}
                  <span class="visually-hidden"> about {wing.name}</span>
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
