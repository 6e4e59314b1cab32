import type { Messages } from '@/content/types';

/** Toasts and field errors from SPEC.md §8, verbatim (spacing and punctuation included). */
export const messages: Messages = {
  contactFieldRequired: 'This Field is required*',
  joinUsFieldRequired: 'This Field is required *',
  contactSubmitted: 'Your Query Submitted Successfully!',
  applicationSubmitted: 'Form Submitted Successfully',
  blogSubscribed: 'Blog Subscribed Successfully',
  blogNotFound: "We couldn't find the blog based on your search",
  heroVideoFailed: "Oops we couldn't play the video for you!",
  unexpectedApplicationError: 'Unexpected Application Error!',
};
