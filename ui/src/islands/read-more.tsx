import { ReadMore } from '@/components/read-more';
import { island } from '@/lib/island';

/** Long copy with its Read More / Read Less toggle. */
export default island('read-more', ReadMore);
