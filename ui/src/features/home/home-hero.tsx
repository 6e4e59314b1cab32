import { useEffect, useRef, useState } from 'preact/hooks';
import { Icon } from '@/components/icon';
import { Link } from '@/components/site-link';
import type { homeLabels } from '@/content/home';
import { inTaskOfItsOwn } from '@/lib/next-task';
import { fieldOf, visitorMessages } from '@/lib/page-fields';
import { prefersReducedMotion } from '@/lib/reduced-motion';
import { toast } from '@/lib/toast';

type HeroLabelName = 'heroEyebrow' | 'exploreServices' | 'talkToUs' | 'pauseVideo' | 'playVideo';

/** What the hero shows, as the office words and picks it (`heroProps`). */
export interface HeroProps {
  headline: string;
  subline: string;
  labels: { readonly [K in HeroLabelName]: (typeof homeLabels)[K] | string };
  /** The video and its poster: paths on this site. */
  src: string;
  poster: string;
}

/**
 * The self-hosted hero video: autoplay, muted, loop, inline, with a poster.
 * We call play() ourselves so a refusal (autoplay blocked, codec missing) shows
 * the "Oops we couldn't play the video for you!" toast. Under reduced motion it waits
 * on its poster for the visitor.
 *
 * The poster is the page's largest paint, preloaded from the head. It stays the video's own
 * `poster`: an image of its own under the video was tried, and the video's first frame,
 * painted seconds later, then counted as a larger paint than it in some runs; the poster and
 * the frames of one element are the same size, so the first paint stays the largest.
 */
export function HomeHero({ headline, subline, labels, src, poster }: HeroProps) {
  const video = useRef<HTMLVideoElement>(null);
  // The server cannot know the visitor's motion setting: the page arrives still, on its
  // poster, and starts playing once the browser has checked it (so it hydrates unchanged).
  const [reduced, setReduced] = useState(true);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = video.current;
    const noMotion = prefersReducedMotion();
    setReduced(noMotion);
    if (!element || noMotion) return;
    element.muted = true; // browsers only autoplay muted video
    // Starting the video takes a few milliseconds: not in the first render's effects' task.
    inTaskOfItsOwn(() =>
      element.play().then(
        () => setPlaying(true),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return; // page left
          setPlaying(false);
          toast.error(visitorMessages().heroVideoFailed);
        },
      ),
    );
  }, []);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) {
      element.play().then(
        () => setPlaying(true),
        () => toast.error(visitorMessages().heroVideoFailed),
      );
    } else {
      element.pause();
      setPlaying(false);
    }
  };

  return (
    <header class="home-hero">
      <video
        ref={video}
        class="home-hero__video"
        src={src}
        poster={poster}
        autoplay={!reduced}
        muted
        loop
        playsinline
        preload={reduced ? 'none' : 'auto'}
        width={1280}
        height={720}
        aria-hidden="true"
        tabIndex={-1}
        {...fieldOf('heroVideo.poster')}
      />
      <div class="home-hero__content container">
        <p class="home-hero__eyebrow" {...fieldOf('homeLabels.heroEyebrow')}>
          {labels.heroEyebrow}
        </p>
        <h1 class="home-hero__title" {...fieldOf('homeContent.hero.headline')}>
          {headline}
        </h1>
        <p class="home-hero__text" {...fieldOf('homeContent.hero.subline')}>
          {subline}
        </p>
        <div class="button-row">
          <a class="button button--accent" href="#services" {...fieldOf('homeLabels.exploreServices')}>
            {labels.exploreServices}
          </a>
          <Link class="button button--ghost" to="/contact" {...fieldOf('homeLabels.talkToUs')}>
            {labels.talkToUs}
          </Link>
        </div>
      </div>
      <button type="button" class="icon-button icon-button--glass home-hero__toggle" onClick={toggle}>
        {playing ? <span class="pause-glyph" aria-hidden="true" /> : <Icon name="play" size={20} />}
        <span class="visually-hidden">{playing ? labels.pauseVideo : labels.playVideo}</span>
      </button>
    </header>
  );
}
