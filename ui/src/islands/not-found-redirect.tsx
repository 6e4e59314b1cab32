import { NotFoundRedirect } from '@/features/blog/story-moves';
import { island } from '@/lib/island';

/** An unknown story: the toast, then the home page. */
export default island('not-found-redirect', NotFoundRedirect);
