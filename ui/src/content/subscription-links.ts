/**
 * The pages the links in subscriber mail open: confirming a subscription (double opt-in)
 * and leaving it. The server's answer (its `message`) is what the visitor reads when it
 * has one; these are the page's own words.
 */
export const subscriptionLinksContent = {
  breadcrumb: [
    { label: 'Home', path: '/' },
    { label: 'Blogs', path: '/blogs' },
  ],
  confirm: {
    pageTitle: 'Confirm your subscription',
    working: 'Confirming your subscription…',
    doneHeading: 'Subscription confirmed',
    failedHeading: 'This link did not work',
    missingToken: 'This link is not complete. Copy the whole link from the mail, or subscribe again.',
  },
  unsubscribe: {
    pageTitle: 'Unsubscribe from blog updates',
    question: 'Stop getting new stories by mail at this address?',
    buttonLabel: 'Unsubscribe',
    working: 'Unsubscribing…',
    doneHeading: 'You are unsubscribed',
    failedHeading: 'This link did not work',
    missingToken: 'This link is not complete. Copy the whole link from the mail.',
  },
  backToBlogs: 'Read our blogs',
} as const;
