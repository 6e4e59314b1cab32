import { FactStrip } from '@/components/fact-strip';
import { OutsideSiteCta, SiteButton } from '@/components/outside-site-cta';
import { PageHero } from '@/components/page-hero';
import { PageSection, sectionHeading } from '@/components/page-section';
import { PointGrid } from '@/components/point-grid';
import { galleryFacts, galleryLabels, galleryPage } from '@/content/gallery';
import { BusinessSections } from '@/features/business/business-sections';
import { edited, fieldOf } from '@/lib/page-fields';
import { useBannerMeta } from '@/lib/page-meta';

/** Art & Media: Fidelitus Gallery, established 2014, gives 25% of its sales to the foundation. */
export function GalleryPage() {
  const { title, breadcrumb, banner, sections, visit, externalSite } = edited(
    'gallery',
    'galleryPage',
    galleryPage,
  );
  const labels = edited('gallery', 'galleryLabels', galleryLabels);
  useBannerMeta('gallery', title, banner);
  return (
    <>
      <PageHero
        title={title}
        art={banner}
        breadcrumb={breadcrumb}
        at="galleryPage"
        titleAt="galleryPage.title"
      >
        <p class="page-hero__lead" {...fieldOf('galleryPage.banner.headline')}>
          {banner.headline}
        </p>
        <p class="page-hero__text" {...fieldOf('galleryPage.banner.text')}>
          {banner.text}
        </p>
        <p class="page-hero__actions" {...fieldOf('galleryPage.externalSite')}>
          <SiteButton link={externalSite} />
        </p>
      </PageHero>
      <FactStrip
        facts={edited('gallery', 'galleryFacts', galleryFacts)}
        label="The gallery in figures"
        at="galleryFacts"
      />
      <BusinessSections sections={sections} at="galleryPage.sections" />
      <PageSection id="visit" tone="soft" centered {...sectionHeading(visit, 'galleryPage.visit', 'heading')}>
        <PointGrid points={visit.steps} numbered at="galleryPage.visit.steps" />
      </PageSection>
      <OutsideSiteCta
        heading={labels.ctaHeading}
        text={labels.ctaText}
        link={externalSite}
        headingField={fieldOf('galleryLabels.ctaHeading')}
        textField={fieldOf('galleryLabels.ctaText')}
      />
    </>
  );
}
