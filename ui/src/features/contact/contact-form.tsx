import { TextField } from '@/components/form-field';
import { HoneypotField } from '@/components/honeypot-field';
import { SubmitButton } from '@/components/submit-button';
import type { contactContent } from '@/content/contact';
import { fieldOf, visitorMessages } from '@/lib/page-fields';
import { useForm } from '@/lib/use-form';
import { sendEnquiry } from './contact-api';
import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactValues,
  emptyContact,
  validateContact,
} from './contact-rules';

const inputs: Record<
  ContactField,
  { type?: 'text' | 'email' | 'tel'; autoComplete: string; inputMode?: 'tel' | 'email'; multiline?: boolean }
> = {
  name: { autoComplete: 'name' },
  mobile: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  requirment: { autoComplete: 'off', multiline: true },
};

/** The form's words, as the office words them (`edited('contact', 'contactContent', …).form`). */
export type ContactFormWords = (typeof contactContent)['form'];

/** "Write to Us": editing a field clears its error; after a 201, a toast and a reset. */
export function ContactForm({ form }: { form: ContactFormWords }) {
  const { values, errors, setField, sending, onSubmit, formRef, honeypotRef } = useForm<ContactValues>({
    empty: emptyContact,
    fields: CONTACT_FIELDS,
    labels: form.fields,
    validate: validateContact,
    proof: 'enquiry',
    send: (values, honeypot, proof) => sendEnquiry(values, honeypot, proof, form.departmentWebsite),
    successMessage: visitorMessages().contactSubmitted,
  });

  return (
    <form ref={formRef} class="form-card" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" class="form-card__title" {...fieldOf('contactContent.form.heading')}>
        {form.heading}
      </h2>
      <p class="form-card__intro" {...fieldOf('contactContent.form.intro')}>
        {form.intro}
      </p>
      {form.fields.map((field) => (
        <TextField
          key={field.name}
          id={`contact-${field.name}`}
          name={field.name}
          label={field.label}
          placeholder={field.placeholder}
          value={values[field.name]}
          error={errors[field.name]}
          onValue={(value) => setField(field.name, value)}
          {...inputs[field.name]}
        />
      ))}
      <HoneypotField inputRef={honeypotRef} />
      <SubmitButton busy={sending} tone="primary" class="form-card__submit">
        {form.submitLabel}
      </SubmitButton>
    </form>
  );
}
