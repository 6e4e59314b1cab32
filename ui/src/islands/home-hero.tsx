import { HomeHero } from '@/features/home/home-hero';
import { island } from '@/lib/island';

/** The home page's hero: its video plays, pauses, and says so when it cannot. */
export default island('home-hero', HomeHero);
