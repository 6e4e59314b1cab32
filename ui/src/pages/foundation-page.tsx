import { FactStrip } from '@/components/fact-strip';
import { OutsideSiteCta, SiteButton } from '@/components/outside-site-cta';
import { PageHero } from '@/components/page-hero';
import { PageSection } from '@/components/page-section';
import { Paragraphs } from '@/components/paragraphs';
import { PointGrid } from '@/components/point-grid';
import { foundationLabels, foundationPage } from '@/content/foundation';
import { usePageMeta } from '@/lib/page-meta';
import '@/styles/foundation.css';

/** Shilpa Foundation: education, environment and healthcare since 2014. */
export function FoundationPage() {
  const { title, breadcrumb, banner, intro, programmes, impact, getInvolved, externalSite } = foundationPage;
  usePageMeta({ title, description: banner.text, image: banner.image });
  return (
    <>
      <PageHero title={title} art={banner} breadcrumb={breadcrumb}>
        <p class="page-hero__text">{banner.text}</p>
        <p class="page-hero__actions">
          <SiteButton link={externalSite} />
        </p>
      </PageHero>
      <FactStrip facts={impact} label={foundationLabels.impactHeading} />
      <section class="page-section" aria-labelledby={`${intro.id}-title`}>
        <div class="container narrow" data-animate>
          <h2 id={`${intro.id}-title`} class="section-heading__title">
            {intro.heading}
          </h2>
          <Paragraphs items={intro.paragraphs} />
        </div>
      </section>
      <PageSection
        id="programmes"
        title={foundationLabels.programmesHeading}
        intro={foundationLabels.programmesIntro}
        tone="soft"
        centered
      >
        <ul class="card-grid card-grid--3">
          {programmes.map((programme) => (
            <li key={programme.id} class="card programme-card" data-animate>
              <h3 class="programme-card__title">{programme.heading}</h3>
              <p>{programme.description}</p>
              <ul class="check-list">
                {programme.initiatives.map((initiative) => (
                  <li key={initiative}>{initiative}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="get-involved" title={getInvolved.heading} centered>
        <PointGrid points={getInvolved.ways} />
      </PageSection>
      <OutsideSiteCta
        heading={foundationLabels.ctaHeading}
        text={foundationLabels.ctaText}
        link={externalSite}
      />
    </>
  );
}
