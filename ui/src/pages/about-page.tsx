import { OverviewStats } from '@/components/overview-stats';
import { PageHero } from '@/components/page-hero';
import { StatementPair } from '@/components/statement-pair';
import { aboutContent } from '@/content/about';
import { companyMission, companyVision } from '@/content/company';
import { LeadersGrid } from '@/features/about/leaders-grid';
import ReadMore from '@/islands/read-more';
import { edited, fieldOf } from '@/lib/page-fields';
import { useBannerMeta } from '@/lib/page-meta';

/** About (Who we are): story, counters, vision, mission and the leaders. */
export function AboutPage() {
  const { banner, breadcrumb, story, overviewHeading } = edited('about', 'aboutContent', aboutContent);
  useBannerMeta('about', banner.headline, banner);
  return (
    <>
      <PageHero banner={banner} breadcrumb={breadcrumb} at="aboutContent" />
      <section class="page-section" aria-labelledby="about-story-title">
        <div class="container narrow" data-animate>
          <h2
            id="about-story-title"
            class="section-heading__title"
            {...fieldOf('aboutContent.story.heading')}
          >
            {story.heading}
          </h2>
          <ReadMore
            id="about-story-text"
            paragraphs={story.paragraphs}
            collapsedCount={story.collapsedCount}
            readMoreLabel={story.readMoreLabel}
            readLessLabel={story.readLessLabel}
            field={fieldOf('aboutContent.story.paragraphs')}
          />
        </div>
      </section>
      <OverviewStats
        id="about-overview"
        title={overviewHeading}
        titleField={fieldOf('aboutContent.overviewHeading')}
      />
      <StatementPair
        blocks={[
          edited('about', 'companyVision', companyVision),
          edited('about', 'companyMission', companyMission),
        ]}
        fields={['companyVision', 'companyMission']}
      />
      <LeadersGrid />
    </>
  );
}
