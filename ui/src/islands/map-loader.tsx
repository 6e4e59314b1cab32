import { MapLoader } from '@/features/contact/map-loader';
import { island } from '@/lib/island';

/** The contact page's map: its picture, and Google's embed once asked for. */
export default island('map-loader', MapLoader);
