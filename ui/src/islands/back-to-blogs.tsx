import { BackToBlogs } from '@/features/blog/story-moves';
import { island } from '@/lib/island';

/** 'Back to blogs': back one step, or to the list. */
export default island('back-to-blogs', BackToBlogs);
