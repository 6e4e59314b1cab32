import type { Messages } from '@/content/types';

/**
 * Toasts and field errors: first the product's fixed texts, verbatim (spacing and punctuation
 * included), then our own for the failures that have no fixed message.
 */
export const messages: Messages = {
  contactFieldRequired: 'This Field is required*',
  joinUsFieldRequired: 'This Field is required *',
  contactSubmitted: 'Your Query Submitted Successfully!',
  applicationSubmitted: 'Form Submitted Successfully',
  blogSubscribed: 'Blog Subscribed Successfully',
  blogNotFound: "We couldn't find the blog based on your search",
  heroVideoFailed: "Oops we couldn't play the video for you!",
  checkFields: 'Please check {fields}.',
  fieldsAnd: 'and',
  checkForm: 'Please check what you typed and try again.',
  serverFailed:
    'Something went wrong on our side. Please try again in a few minutes; what you typed is still here.',
  networkFailed: 'We could not reach the server. Please check your connection and try again.',
  sendFailed: 'Something went wrong while sending. Please try again.',
};
