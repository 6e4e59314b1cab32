import { ErrorScreen } from '@/app/error-screen';
import { useCurrentPath } from '@/components/site-link';
import { notFoundContent } from '@/content/not-found';
import { edited } from '@/lib/page-fields';
import { usePageMeta } from '@/lib/page-meta';

/**
 * No route matches (the server answered 404 too): React Router's error screen, in the office's
 * words. A page module of its own, so the app's entry carries none of it.
 */
export function NotFoundPage() {
  const pathname = useCurrentPath();
  const words = edited('not-found', 'notFoundContent', notFoundContent);
  usePageMeta({ title: words.heading, noindex: true });
  return <ErrorScreen message={words.message.replace('{path}', pathname)} words={words} />;
}
