import { ImageCardGrid } from '@/components/image-card-grid';
import { OutsideSiteCta, SiteButton } from '@/components/outside-site-cta';
import { PageHero } from '@/components/page-hero';
import { PageSection, sectionHeading } from '@/components/page-section';
import { businessLabels } from '@/content/business-pages';
import type { BusinessPage } from '@/content/types';
import { edited, fieldOf } from '@/lib/page-fields';
import { useBannerMeta } from '@/lib/page-meta';
import { BusinessSections } from './business-sections';

interface BusinessPageViewProps {
  /** The page's content, compiled in. */
  page: BusinessPage;
  /** Its key in the page editor (`real-estate`) and its content export (`realEstatePage`). */
  pageKey: string;
  at: string;
}

/**
 * Facility Management, Projects, HR Labs and Real Estate share one layout:
 * breadcrumb Home > page, banner, sections, services and a link to the company's site.
 */
export function BusinessPageView({ page: compiled, pageKey, at }: BusinessPageViewProps) {
  const page = edited(pageKey, at, compiled);
  const labels = edited(pageKey, 'businessLabels', businessLabels);
  const { banner } = page;
  useBannerMeta(pageKey, page.title, banner);
  return (
    <>
      <PageHero title={page.title} art={banner} breadcrumb={page.breadcrumb} at={at} titleAt={`${at}.title`}>
        <p class="page-hero__lead" {...fieldOf(`${at}.banner.headline`)}>
          {banner.headline}
        </p>
        <p class="page-hero__text" {...fieldOf(`${at}.banner.text`)}>
          {banner.text}
        </p>
        <p class="page-hero__actions" {...fieldOf(`${at}.externalSite`)}>
          <SiteButton link={page.externalSite} />
        </p>
      </PageHero>
      {page.offerings && (
        <PageSection
          id="offerings"
          centered
          {...sectionHeading(labels, 'businessLabels', 'offeringsHeading')}
        >
          <ImageCardGrid items={page.offerings} at={`${at}.offerings`} />
        </PageSection>
      )}
      <BusinessSections sections={page.sections} at={`${at}.sections`} />
      <PageSection id="services-list" centered {...sectionHeading(page, at, 'servicesHeading')}>
        <ul class="card-grid card-grid--3">
          {page.services.map((service, index) => (
            <li key={service.id} class="card service-item" data-animate>
              <h3 class="service-item__title" {...fieldOf(`${at}.services.${index}.label`)}>
                {service.label}
              </h3>
              <p {...fieldOf(`${at}.services.${index}.description`)}>{service.description}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <OutsideSiteCta
        heading={labels.ctaHeading}
        text={labels.ctaText}
        link={page.externalSite}
        headingField={fieldOf('businessLabels.ctaHeading')}
        textField={fieldOf('businessLabels.ctaText')}
      />
    </>
  );
}
