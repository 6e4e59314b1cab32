import { NewTabLink } from '@/components/external-link';
import { PageSection } from '@/components/page-section';
import { homeContent, homeLabels, homeServices } from '@/content/home';

/** The four sister companies; each card opens that company's website in a new tab. */
export function ServicesGrid() {
  return (
    <PageSection id="services" title={homeContent.servicesHeading} intro={homeContent.servicesIntro} centered>
      <ul class="card-grid card-grid--4">
        {homeServices.map((service) => (
          <li key={service.id} class="card service-card" data-animate>
            <img
              class="service-card__image"
              src={service.image}
              alt=""
              width={800}
              height={500}
              loading="lazy"
              decoding="async"
            />
            <div class="service-card__body">
              <h3 class="service-card__title">{service.label}</h3>
              <p class="service-card__text">{service.description}</p>
              <NewTabLink href={service.path} class="card-link">
                {homeLabels.visitWebsite}
                <span class="visually-hidden">: {service.label}</span>
              </NewTabLink>
            </div>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
