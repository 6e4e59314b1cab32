import { NewTabLink } from '@/components/external-link';
import { LazyImage } from '@/components/lazy-image';
import { PageSection, sectionHeading } from '@/components/page-section';
import { homeContent, homeLabels, homeServices } from '@/content/home';
import { fmsSite, hrLabsSite, projectsSite, transactionsSite } from '@/content/site';
import { edited, fieldOf } from '@/lib/page-fields';

/** The four sister companies; each card opens that company's website in a new tab. */
export function ServicesGrid() {
  const content = edited('home', 'homeContent', homeContent);
  const labels = edited('home', 'homeLabels', homeLabels);
  const companies = [
    ['transactionsSite', edited('home', 'transactionsSite', transactionsSite)],
    ['projectsSite', edited('home', 'projectsSite', projectsSite)],
    ['fmsSite', edited('home', 'fmsSite', fmsSite)],
    ['hrLabsSite', edited('home', 'hrLabsSite', hrLabsSite)],
  ] as const;
  const services = homeServices(companies.map(([, company]) => company));
  return (
    <PageSection
      id="services"
      centered
      {...sectionHeading(content, 'homeContent', 'servicesHeading', 'servicesIntro')}
    >
      <ul class="card-grid card-grid--4">
        {services.map((service, index) => {
          const at = companies[index]?.[0] ?? '';
          return (
            <li key={service.id} class="card service-card" data-animate>
              <LazyImage
                class="service-card__image"
                src={service.image}
                alt={service.imageAlt}
                width={800}
                height={500}
                {...fieldOf(`${at}.image`)}
              />
              <div class="service-card__body">
                <h3 class="service-card__title" {...fieldOf(`${at}.name`)}>
                  {service.label}
                </h3>
                <p class="service-card__text" {...fieldOf(`${at}.description`)}>
                  {service.description}
                </p>
                <NewTabLink href={service.path} class="card-link">
                  <span {...fieldOf('homeLabels.visitWebsite')}>{labels.visitWebsite}</span>
                  <span class="visually-hidden">: {service.label}</span>
                </NewTabLink>
              </div>
            </li>
          );
        })}
      </ul>
    </PageSection>
  );
}
