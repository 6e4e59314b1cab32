import { ToastHost } from '@/components/toast-host';
import { island } from '@/lib/island';

/** Where every toast of the page shows (the forms' and the hero video's). */
export default island('toast-host', ToastHost);
