import { StatList } from '@/components/stat-list';
import { island } from '@/lib/island';

/** The Overview figures, which count up once scrolled into view. */
export default island('stat-list', StatList);
