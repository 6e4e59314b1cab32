import { OverviewStats } from '@/components/overview-stats';
import { homeContent } from '@/content/home';
import { AboutVisionMission } from '@/features/home/about-vision-mission';
import { ClientsServed } from '@/features/home/clients-served';
import { CoreValues } from '@/features/home/core-values';
import { FeaturedStories } from '@/features/home/featured-stories';
import { HelpBannerSection } from '@/features/home/help-banner';
import { HomeHero, heroPosterPreload } from '@/features/home/home-hero';
import { MdMessage } from '@/features/home/md-message';
import { OurWings } from '@/features/home/our-wings';
import { ServicesGrid } from '@/features/home/services-grid';
import { usePageMeta } from '@/lib/page-meta';
import { SharedMarkup } from '@/lib/shared-markup';
import { homeStructuredData } from '@/lib/structured-data';
import '@/styles/home.css';
import { brandName } from '@/lib/site-details';

/** Home: every section in its fixed order, from the hero and About down to the help banner. */
export function HomePage() {
  usePageMeta({ title: brandName(), structuredData: homeStructuredData, preloadImage: heroPosterPreload });
  // Everything but the stories shows only the company's details: the server renders it once
  // per generation of them (lib/shared-markup.tsx), so a publication re-renders the stories.
  return (
    <>
      <SharedMarkup name="home-sections">
        <HomeHero />
        <AboutVisionMission />
        <ServicesGrid />
        <CoreValues />
        <OverviewStats id="overview" title={homeContent.overviewHeading} />
        <MdMessage />
        <OurWings />
        <ClientsServed />
      </SharedMarkup>
      <FeaturedStories />
      <SharedMarkup name="home-help">
        <HelpBannerSection />
      </SharedMarkup>
    </>
  );
}
