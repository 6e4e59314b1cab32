import blogsHeroArt from '@/assets/art/blogs-hero.svg';
import type { BlogContent } from '@/content/types';

export const blogContent: BlogContent = {
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Blogs' }],
  banner: {
    headline: 'Blogs',
    // The hero carries this headline, verbatim.
    text: 'The Hand Picked success stories by the company which might inspire you and believe in us',
    image: blogsHeroArt,
    imageAlt: 'An open book surrounded by story cards, a pen and a cup of coffee',
  },
  listHeading: 'Success stories',
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
    inputLabel: 'Your email address',
    fieldName: 'your email address',
    departmentWebsite: 'Corp Blogs',
    service: 'Blog Subscription',
    /** Shown under the form after a subscription: nobody is subscribed without confirming. */
    confirmHint:
      'Please confirm with the link we mail to this address. If it is subscribed already, nothing changes.',
  },
  notFoundRedirect: { path: '/', delayMs: 2000 },
  search: {
    label: 'Search the blogs',
    placeholder: 'Search stories, tags or authors',
    clearLabel: 'Clear search',
    noMatches: 'No blogs match “{query}”.',
    noMatchesHint: 'Try a different word, or clear the search to see every story.',
    matchesSummary: '{count} found for “{query}”',
  },
  noBlogsYet: 'No stories have been published yet. Please check back soon.',
  listLoading: 'Loading the blogs…',
  listFailed: 'We could not load the blogs. Please try again.',
  detailFailed: 'We could not load this blog. Please try again.',
  retryLabel: 'Try again',
  paginationLabel: 'Blog pages',
  previousPageLabel: 'Previous',
  nextPageLabel: 'Next',
  detailLoading: 'Loading the blog…',
  detailTitleFallback: 'Blog',
  writtenByPrefix: 'By',
};
