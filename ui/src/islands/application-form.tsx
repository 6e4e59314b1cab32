import { ApplicationForm } from '@/features/careers/application-form';
import { island } from '@/lib/island';

/** Join Us's application, general or for one opening (its `job`), with a resume. */
export default island('application-form', ApplicationForm);
