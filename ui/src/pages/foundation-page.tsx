import { FactStrip } from '@/components/fact-strip';
import { OutsideSiteCta, SiteButton } from '@/components/outside-site-cta';
import { PageHero } from '@/components/page-hero';
import { PageSection, sectionHeading } from '@/components/page-section';
import { Paragraphs } from '@/components/paragraphs';
import { PointGrid } from '@/components/point-grid';
import { foundationLabels, foundationPage } from '@/content/foundation';
import { edited, fieldOf } from '@/lib/page-fields';
import { useBannerMeta } from '@/lib/page-meta';
import '@/styles/foundation.css';

/** Shilpa Foundation: education, environment and healthcare since 2014. */
export function FoundationPage() {
  const { title, breadcrumb, banner, intro, programmes, impact, getInvolved, externalSite } = edited(
    'foundation',
    'foundationPage',
    foundationPage,
  );
  const labels = edited('foundation', 'foundationLabels', foundationLabels);
  useBannerMeta('foundation', title, banner);
  return (
    <>
      <PageHero
        title={title}
        art={banner}
        breadcrumb={breadcrumb}
        at="foundationPage"
        titleAt="foundationPage.title"
      >
        <p class="page-hero__text" {...fieldOf('foundationPage.banner.text')}>
          {banner.text}
        </p>
        <p class="page-hero__actions" {...fieldOf('foundationPage.externalSite')}>
          <SiteButton link={externalSite} />
        </p>
      </PageHero>
      <FactStrip facts={impact} label={labels.impactHeading} at="foundationPage.impact" />
      <section class="page-section" aria-labelledby={`${intro.id}-title`}>
        <div class="container narrow" data-animate>
          <h2
            id={`${intro.id}-title`}
            class="section-heading__title"
            {...fieldOf('foundationPage.intro.heading')}
          >
            {intro.heading}
          </h2>
          <Paragraphs items={intro.paragraphs} field={fieldOf('foundationPage.intro.paragraphs')} />
        </div>
      </section>
      <PageSection
        id="programmes"
        tone="soft"
        centered
        {...sectionHeading(labels, 'foundationLabels', 'programmesHeading', 'programmesIntro')}
      >
        <ul class="card-grid card-grid--3">
          {programmes.map((programme, index) => (
            <li key={programme.id} class="card programme-card" data-animate>
              <h3 class="programme-card__title" {...fieldOf(`foundationPage.programmes.${index}.heading`)}>
                {programme.heading}
              </h3>
              <p {...fieldOf(`foundationPage.programmes.${index}.description`)}>{programme.description}</p>
              <ul class="check-list">
                {programme.initiatives.map((initiative, row) => (
                  <li key={initiative} {...fieldOf(`foundationPage.programmes.${index}.initiatives.${row}`)}>
                    {initiative}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection
        id="get-involved"
        centered
        {...sectionHeading(getInvolved, 'foundationPage.getInvolved', 'heading')}
      >
        <PointGrid points={getInvolved.ways} at="foundationPage.getInvolved.ways" />
      </PageSection>
      <OutsideSiteCta
        heading={labels.ctaHeading}
        text={labels.ctaText}
        link={externalSite}
        headingField={fieldOf('foundationLabels.ctaHeading')}
        textField={fieldOf('foundationLabels.ctaText')}
      />
    </>
  );
}
