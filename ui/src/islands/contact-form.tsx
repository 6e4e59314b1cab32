import { ContactForm } from '@/features/contact/contact-form';
import { island } from '@/lib/island';

/** "Write to Us", the contact page's form. */
export default island('contact-form', ContactForm);
