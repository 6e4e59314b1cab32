import { FactStrip } from '@/components/fact-strip';
import { OutsideSiteCta, SiteButton } from '@/components/outside-site-cta';
import { PageHero } from '@/components/page-hero';
import { PageSection } from '@/components/page-section';
import { PointGrid } from '@/components/point-grid';
import { galleryFacts, galleryLabels, galleryPage } from '@/content/gallery';
import { BusinessSections } from '@/features/business/business-sections';
import { usePageMeta } from '@/lib/page-meta';

/** Art & Media: Fidelitus Gallery, established 2014, gives 25% of its sales to the foundation. */
export function GalleryPage() {
  const { title, breadcrumb, banner, sections, visit, externalSite } = galleryPage;
  usePageMeta({ title, description: banner.text, image: banner.image });
  return (
    <>
      <PageHero title={title} art={banner} breadcrumb={breadcrumb}>
        <p class="page-hero__lead">{banner.headline}</p>
        <p class="page-hero__text">{banner.text}</p>
        <p class="page-hero__actions">
          <SiteButton link={externalSite} />
        </p>
      </PageHero>
      <FactStrip facts={galleryFacts} label="The gallery in figures" />
      <BusinessSections sections={sections} at="galleryPage.sections" />
      <PageSection id="visit" title={visit.heading} tone="soft" centered>
        <PointGrid points={visit.steps} numbered />
      </PageSection>
      <OutsideSiteCta heading={galleryLabels.ctaHeading} text={galleryLabels.ctaText} link={externalSite} />
    </>
  );
}
