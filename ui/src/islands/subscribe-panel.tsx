import { SubscribePanel } from '@/features/blog/subscribe-panel';
import { island } from '@/lib/island';

/** The subscribe box under a story. */
export default island('subscribe-panel', SubscribePanel);
