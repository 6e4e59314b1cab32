import { blogContent } from '@/content/blog';
import { edited } from '@/lib/page-fields';

/**
 * The blog's words as the office words them. Three pages of the page editor hold them (the
 * list's, a story's fixed texts and the subscribe box), each its own paths of `blogContent`,
 * and a text shows wherever it is used: the author's prefix on a list's cards too.
 */
export function blogWords(): typeof blogContent {
  return edited(
    'subscribe',
    'blogContent',
    edited('story', 'blogContent', edited('blog-list', 'blogContent', blogContent)),
  );
}
