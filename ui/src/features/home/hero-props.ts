import { heroVideo, homeContent, homeLabels } from '@/content/home';
import type { PreloadImage } from '@/lib/image-set';
import { edited } from '@/lib/page-fields';
import type { HeroProps } from './home-hero';

/** The hero video and its poster as the office picked them (paths on this site either way). */
const heroMedia = () => edited('home', 'heroVideo', heroVideo);

/**
 * What the hero shows, worked out where the page is rendered: its island gets them as props,
 * so its code carries none of the home page's content.
 */
export function heroProps(): HeroProps {
  const { hero } = edited('home', 'homeContent', homeContent);
  const { heroEyebrow, exploreServices, talkToUs, pauseVideo, playVideo } = edited(
    'home',
    'homeLabels',
    homeLabels,
  );
  const { src, poster } = heroMedia();
  return {
    headline: hero.headline,
    subline: hero.subline,
    labels: { heroEyebrow, exploreServices, talkToUs, pauseVideo, playVideo },
    src,
    poster,
  };
}

/** The head's preload of the poster, the home page's largest paint, typed by its file. */
export function heroPosterPreload(): PreloadImage {
  const href = heroMedia().poster;
  const type = /\.jpe?g$/i.test(href) ? 'image/jpeg' : /\.png$/i.test(href) ? 'image/png' : 'image/webp';
  return { href, type };
}
