import { careersContent } from '@/content/careers';
import { edited } from '@/lib/page-fields';

/** The Join Us page's words, as the office words them. */
export function careersWords(): typeof careersContent {
  return edited('join-us', 'careersContent', careersContent);
}
