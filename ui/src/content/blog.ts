import blogsHeroArt from '@/assets/art/blogs-hero.svg';
import type { BlogContent } from '@/content/types';

export const blogContent: BlogContent = {
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Blogs' }],
  banner: {
    headline: 'Blogs',
    text: 'Stories from our teams, our clients and the projects we have delivered together.',
    image: blogsHeroArt,
    imageAlt: 'An open book surrounded by story cards, a pen and a cup of coffee',
  },
  listHeadline: 'The Hand Picked success stories by the company which might inspire you and believe in us',
  backToBlogsLabel: 'Back to blogs',
  similar: {
    heading: 'Similar BLogs',
    caption: "We've got the related blogs based on your selection",
  },
  subscribe: {
    headline: 'If you would love to hear about our latest blogs and updates',
    subtext: 'Get blogs and our latest updates by just subscribe',
    placeholder: 'Enter your mail id',
    buttonLabel: 'submit',
  },
  notFoundRedirect: { path: '/', delayMs: 2000 },
};
