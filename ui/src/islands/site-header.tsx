import { SiteHeader } from '@/components/site-header';
import { island } from '@/lib/island';

/** The header's menus and the phone's drawer. */
export default island('site-header', SiteHeader);
