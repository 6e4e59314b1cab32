import { BlogList } from '@/features/blog/blog-list';
import { island } from '@/lib/island';

/** The blog list's search, cards and pages. */
export default island('blog-list', BlogList);
