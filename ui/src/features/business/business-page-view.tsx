import { ImageCardGrid } from '@/components/image-card-grid';
import { OutsideSiteCta, SiteButton } from '@/components/outside-site-cta';
import { PageHero } from '@/components/page-hero';
import { PageSection } from '@/components/page-section';
import { businessLabels } from '@/content/business-pages';
import type { BusinessPage } from '@/content/types';
import { usePageMeta } from '@/lib/page-meta';
import { BusinessSections } from './business-sections';

/**
 * Facility Management, Projects, HR Labs and Real Estate share one layout:
 * breadcrumb Home > page, banner, sections, services and a link to the company's site.
 */
export function BusinessPageView({ page }: { page: BusinessPage }) {
  const { banner } = page;
  usePageMeta({ title: page.title, description: banner.text, image: banner.image });
  return (
    <>
      <PageHero title={page.title} art={banner} breadcrumb={page.breadcrumb}>
        <p class="page-hero__lead">{banner.headline}</p>
        <p class="page-hero__text">{banner.text}</p>
        <p class="page-hero__actions">
          <SiteButton link={page.externalSite} />
        </p>
      </PageHero>
      {page.offerings && (
        <PageSection id="offerings" title={businessLabels.offeringsHeading} centered>
          <ImageCardGrid items={page.offerings} />
        </PageSection>
      )}
      <BusinessSections sections={page.sections} />
      <PageSection id="services-list" title={page.servicesHeading} centered>
        <ul class="card-grid card-grid--3">
          {page.services.map((service) => (
            <li key={service.id} class="card service-item" data-animate>
              <h3 class="service-item__title">{service.label}</h3>
              <p>{service.description}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <OutsideSiteCta
        heading={businessLabels.ctaHeading}
        text={businessLabels.ctaText}
        link={page.externalSite}
      />
    </>
  );
}
