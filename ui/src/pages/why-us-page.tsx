import { ImageCardGrid } from '@/components/image-card-grid';
import { PageHero } from '@/components/page-hero';
import { PageSection, sectionHeading } from '@/components/page-section';
import { Paragraphs } from '@/components/paragraphs';
import { PointGrid } from '@/components/point-grid';
import { Link } from '@/components/site-link';
import { whyUsContent } from '@/content/why-us';
import { edited, fieldOf } from '@/lib/page-fields';
import { useBannerMeta } from '@/lib/page-meta';
import '@/styles/why-us.css';

/** Why Us: who we are, competitive edge, specialization, one roof, why choose us. */
export function WhyUsPage() {
  const { breadcrumb, banner, whoWeAre, competitiveEdge, specialization, oneRoof, whyChooseUs } = edited(
    'why-us',
    'whyUsContent',
    whyUsContent,
  );
  useBannerMeta('why-us', 'Why Us', banner);
  return (
    <>
      <PageHero banner={banner} breadcrumb={breadcrumb} at="whyUsContent" />
      <section class="page-section" aria-labelledby={`${whoWeAre.id}-title`}>
        <div class="container narrow" data-animate>
          <h2
            id={`${whoWeAre.id}-title`}
            class="section-heading__title"
            {...fieldOf('whyUsContent.whoWeAre.heading')}
          >
            {whoWeAre.heading}
          </h2>
          <Paragraphs items={whoWeAre.paragraphs} field={fieldOf('whyUsContent.whoWeAre.paragraphs')} />
        </div>
      </section>
      <PageSection
        id="competitive-edge"
        tone="soft"
        {...sectionHeading(competitiveEdge, 'whyUsContent.competitiveEdge', 'heading', 'intro')}
      >
        <PointGrid points={competitiveEdge.points} numbered at="whyUsContent.competitiveEdge.points" />
      </PageSection>
      <PageSection
        id="specialization"
        {...sectionHeading(specialization, 'whyUsContent.specialization', 'heading', 'intro')}
      >
        <PointGrid points={specialization.points} at="whyUsContent.specialization.points" />
      </PageSection>
      <PageSection
        id="one-roof"
        tone="brand"
        {...sectionHeading(oneRoof, 'whyUsContent.oneRoof', 'heading', 'intro')}
      >
        <ul class="card-grid card-grid--4">
          {oneRoof.services.map((service, index) => (
            <li key={service.id} class="card roof-card" data-animate>
              <h3 class="roof-card__title" {...fieldOf(`whyUsContent.oneRoof.services.${index}.label`)}>
                <Link class="roof-card__link" to={service.path}>
                  {service.label}
                </Link>
              </h3>
              <p {...fieldOf(`whyUsContent.oneRoof.services.${index}.description`)}>{service.description}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection
        id="why-choose-us"
        centered
        {...sectionHeading(whyChooseUs, 'whyUsContent.whyChooseUs', 'heading', 'intro')}
      >
        <ImageCardGrid items={whyChooseUs.items} at="whyUsContent.whyChooseUs.items" />
      </PageSection>
    </>
  );
}
