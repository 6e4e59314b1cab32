import type { NotFoundContent } from '@/content/types';

/** The page a path of no page shows: React Router's words, verbatim, and a way home. */
export const notFoundContent: NotFoundContent = {
  heading: 'Unexpected Application Error!',
  message: '404 Not Found: no page at {path}',
  homeLink: 'Go to the home page',
};
