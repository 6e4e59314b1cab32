import { OverviewStats } from '@/components/overview-stats';
import { homeContent } from '@/content/home';
import { AboutVisionMission } from '@/features/home/about-vision-mission';
import { ClientsServed } from '@/features/home/clients-served';
import { CoreValues } from '@/features/home/core-values';
import { FeaturedStories } from '@/features/home/featured-stories';
import { HelpBannerSection } from '@/features/home/help-banner';
import { heroPosterPreload, heroProps } from '@/features/home/hero-props';
import { MdMessage } from '@/features/home/md-message';
import { OurWings } from '@/features/home/our-wings';
import { ServicesGrid } from '@/features/home/services-grid';
import HomeHero from '@/islands/home-hero';
import { edited, fieldOf } from '@/lib/page-fields';
import { usePageMeta } from '@/lib/page-meta';
import { SharedMarkup } from '@/lib/shared-markup';
import { homeStructuredData } from '@/lib/structured-data';
import '@/styles/home.css';
import { siteInfo } from '@/content/site';
import { brandName } from '@/lib/company-details';

/** Home: every section in its fixed order, from the hero and About down to the help banner. */
export function HomePage() {
  const { fallbackImage, fallbackImageAlt } = homeContent.hero;
  const meta = edited('home', 'pageMeta', {
    title: brandName(),
    description: siteInfo.tagline,
    image: fallbackImage,
    imageAlt: fallbackImageAlt,
  });
  usePageMeta({
    title: meta.title,
    description: meta.description,
    // The site's own link preview card, unless the office picked a picture.
    image: meta.image === fallbackImage ? undefined : meta.image,
    imageAlt: meta.imageAlt,
    structuredData: homeStructuredData,
    preloadImage: heroPosterPreload(),
  });
  // Everything but the stories shows only the company's details: the server renders it once
  // per generation of them (lib/shared-markup.tsx), so a publication re-renders the stories.
  return (
    <>
      <SharedMarkup name="home-sections">
        <HomeHero {...heroProps()} />
        <AboutVisionMission />
        <ServicesGrid />
        <CoreValues />
        <OverviewStats
          id="overview"
          title={edited('home', 'homeContent', homeContent).overviewHeading}
          titleField={fieldOf('homeContent.overviewHeading')}
        />
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
