import { VideoThumb } from '@/features/home/video-thumb';
import { island } from '@/lib/island';

/** A video's picture that plays it in a modal (the Managing Director's message). */
export default island('video-thumb', VideoThumb);
