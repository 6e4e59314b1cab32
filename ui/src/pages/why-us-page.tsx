import { ImageCardGrid } from '@/components/image-card-grid';
import { PageHero } from '@/components/page-hero';
import { PageSection } from '@/components/page-section';
import { Paragraphs } from '@/components/paragraphs';
import { PointGrid } from '@/components/point-grid';
import { Link } from '@/components/site-link';
import { whyUsContent } from '@/content/why-us';
import { usePageMeta } from '@/lib/page-meta';
import '@/styles/why-us.css';

/** Why Us: who we are, competitive edge, specialization, one roof, why choose us. */
export function WhyUsPage() {
  const { breadcrumb, banner, whoWeAre, competitiveEdge, specialization, oneRoof, whyChooseUs } =
    whyUsContent;
  usePageMeta({ title: 'Why Us', description: banner.text, image: banner.image });
  return (
    <>
      <PageHero title={banner.headline} text={banner.text} art={banner} breadcrumb={breadcrumb} />
      <section class="page-section" aria-labelledby={`${whoWeAre.id}-title`}>
        <div class="container narrow" data-animate>
          <h2 id={`${whoWeAre.id}-title`} class="section-heading__title">
            {whoWeAre.heading}
          </h2>
          <Paragraphs items={whoWeAre.paragraphs} />
        </div>
      </section>
      <PageSection
        id="competitive-edge"
        title={competitiveEdge.heading}
        intro={competitiveEdge.intro}
        tone="soft"
      >
        <PointGrid points={competitiveEdge.points} numbered />
      </PageSection>
      <PageSection id="specialization" title={specialization.heading} intro={specialization.intro}>
        <PointGrid points={specialization.points} />
      </PageSection>
      <PageSection id="one-roof" title={oneRoof.heading} intro={oneRoof.intro} tone="brand">
        <ul class="card-grid card-grid--4">
          {oneRoof.services.map((service) => (
            <li key={service.id} class="card roof-card" data-animate>
              <h3 class="roof-card__title">
                <Link class="roof-card__link" to={service.path}>
                  {service.label}
                </Link>
              </h3>
              <p>{service.description}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="why-choose-us" title={whyChooseUs.heading} intro={whyChooseUs.intro} centered>
        <ImageCardGrid items={whyChooseUs.items} />
      </PageSection>
    </>
  );
}
