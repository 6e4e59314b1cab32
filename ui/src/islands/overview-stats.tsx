import { OverviewStats } from '@/components/overview-stats';
import { island } from '@/lib/island';

/** The Overview counters, which count up once scrolled into view. */
export default island('overview-stats', OverviewStats);
